import { DeleteOutlined, DownloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Form, Grid, Input, Table } from 'antd';
import { FormRadioGroup, FormSelect as Select } from '../../../components/FormControls.tsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteAllOriginData, deleteOriginData, downloadOriginData, ORIGIN_DATA_RANGE_MAX_MS, type OriginDataRow } from '@vigil/contracts';
import { callApi } from '../../../api/client.ts';
import { useDownload } from '../../care-shared/useDownload.ts';
import { errorText } from '../../shared/errorText.ts';
import { listEmptyText } from '../../shared/ListEmpty.tsx';
import { TypedNameConfirm } from '../../shared/TypedNameConfirm.tsx';
import { useFeedback } from '../../shared/useFeedback.tsx';
import { useRefreshDevices } from '../devicesApi.ts';
import { DEVICES_NS } from '../i18n.ts';
import { originColumns } from './originColumns.tsx';
import { useDeviceOptions, useOriginData, type OriginDataQuery } from './originDataApi.ts';
import { fromLocalInput, toLocalInput } from './rangeInput.ts';

type Kind = 'telemetry' | 'messages';
interface PickValues {
  deviceId?: string;
  kind: Kind;
  start: string;
  end: string;
}
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const MAX_DAYS = Math.round(ORIGIN_DATA_RANGE_MAX_MS / (24 * HOUR_MS));

/**
 * /deviceManage/historyData (vendor administrators): what one device sent in a time range,
 * page by page — its one-second samples or its status, event and ack messages — with a
 * spreadsheet download and, each after a confirmation, delete of the range or of all its data.
 */
export function OriginDataPage() {
  const { t, i18n } = useTranslation(DEVICES_NS);
  const screens = Grid.useBreakpoint();
  const feedback = useFeedback();
  const downloads = useDownload(feedback);
  const refresh = useRefreshDevices();
  const [form] = Form.useForm<PickValues>();
  const [search, setSearch] = useState('');
  const devices = useDeviceOptions(search);
  const [query, setQuery] = useState<OriginDataQuery | null>(null);
  const [deletingAll, setDeletingAll] = useState<string | null>(null);
  const data = useOriginData(query);
  const now = Date.now();
  const labels = { device: t('devices.origin.device'), kind: t('devices.origin.kind'), start: t('devices.origin.start'), end: t('devices.origin.end') };

  const show = (values: PickValues) => {
    const startTime = fromLocalInput(values.start);
    const endTime = fromLocalInput(values.end);
    if (!values.deviceId || startTime === null || endTime === null) return;
    setQuery({ deviceId: values.deviceId, kind: values.kind, startTime, endTime, pageNum: 1, pageSize: query?.pageSize ?? 50 });
  };

  const range = query ? { deviceId: query.deviceId, startTime: query.startTime, endTime: query.endTime } : null;

  const deleteRange = () => {
    if (!range) return;
    feedback.modal.confirm({
      title: t('devices.origin.deleteRangeTitle', { id: range.deviceId }),
      content: t('devices.origin.deleteRangeContent', { start: toLocalInput(range.startTime).replace('T', ' '), end: toLocalInput(range.endTime).replace('T', ' ') }),
      okText: t('devices.origin.deleteRange'),
      okButtonProps: { danger: true },
      cancelText: t('devices.form.cancel'),
      onOk: async () => {
        try {
          const result = await callApi(deleteOriginData, range);
          feedback.message.success(t('devices.origin.deleted', { samples: result.samples, messages: result.messages }));
          await refresh();
        } catch (error) {
          feedback.message.error(errorText(error));
        }
      },
    });
  };

  const deleteAll = async () => {
    if (!deletingAll) return;
    try {
      const result = await callApi(deleteAllOriginData, { deviceId: deletingAll });
      feedback.message.success(t('devices.origin.deleted', { samples: result.samples, messages: result.messages }));
      await refresh();
    } catch (error) {
      feedback.message.error(errorText(error));
    }
  };

  const endRule = {
    validator: async (_: unknown, end: string) => {
      const startTime = fromLocalInput(form.getFieldValue('start'));
      const endTime = fromLocalInput(end);
      if (endTime === null) throw new Error(t('devices.origin.timeRequired'));
      if (startTime !== null && endTime <= startTime) throw new Error(t('devices.origin.endAfterStart'));
      if (startTime !== null && endTime - startTime > ORIGIN_DATA_RANGE_MAX_MS) throw new Error(t('devices.origin.rangeTooLong', { days: MAX_DAYS }));
    },
  };

  return (
    <Card title={t('devices.origin.title')}>
      {feedback.holder}
      <Form<PickValues>
        form={form}
        name="origin-data"
        layout={screens.md ? 'inline' : 'vertical'}
        initialValues={{ kind: 'telemetry', start: toLocalInput(now - HOUR_MS), end: toLocalInput(now + MINUTE_MS) }}
        onFinish={show}
        style={{ rowGap: 12, marginBottom: 16 }}
      >
        <Form.Item<PickValues> name="deviceId" label={labels.device} rules={[{ required: true, message: t('devices.origin.deviceRequired') }]}>
          <Select<string>
            showSearch
            allowClear
            filterOption={false}
            onSearch={setSearch}
            options={devices.data ?? []}
            loading={devices.isFetching}
            placeholder={t('devices.origin.devicePlaceholder')}
            notFoundContent={t('devices.origin.noDevices')}
            style={{ minWidth: 220 }}
          />
        </Form.Item>
        <Form.Item<PickValues> name="kind" label={labels.kind}>
          <FormRadioGroup
            aria-label={labels.kind}
            optionType="button"
            options={[
              { value: 'telemetry', label: t('devices.origin.kindTelemetry') },
              { value: 'messages', label: t('devices.origin.kindMessages') },
            ]}
          />
        </Form.Item>
        <Form.Item<PickValues> name="start" label={labels.start} rules={[{ required: true, message: t('devices.origin.timeRequired') }]}>
          <Input type="datetime-local" />
        </Form.Item>
        {/* The inputs hold whole minutes: the default end is the next minute, so what arrived just now is in range. */}
        <Form.Item<PickValues> name="end" label={labels.end} dependencies={['start']} required rules={[endRule]}>
          <Input type="datetime-local" />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            {t('devices.origin.show')}
          </Button>
        </Form.Item>
      </Form>
      {query && (
        <Flex wrap gap={8} style={{ marginBottom: 16 }}>
          <Button icon={<DownloadOutlined />} loading={downloads.running === 'origin'} onClick={() => range && void downloads.download('origin', downloadOriginData, { ...range, kind: query.kind })}>
            {t('devices.origin.download')}
          </Button>
          <Button danger icon={<DeleteOutlined />} onClick={deleteRange}>
            {t('devices.origin.deleteRange')}
          </Button>
          <Button danger onClick={() => setDeletingAll(query.deviceId)}>
            {t('devices.origin.deleteAll')}
          </Button>
        </Flex>
      )}
      {!query ? (
        <Alert type="info" showIcon message={t('devices.origin.pickFirst')} />
      ) : (
        <Table<OriginDataRow>
          rowKey={(row) => `${row.channel}-${row.time}-${row.receivedAt ?? ''}-${row.payload ?? ''}`}
          size="small"
          className="care-table"
          columns={originColumns(t, i18n.language, query.kind, !screens.md)}
          dataSource={data.data?.rows ?? []}
          loading={data.isFetching}
          tableLayout={screens.md ? 'auto' : 'fixed'}
          locale={{ emptyText: listEmptyText(data, t('devices.origin.empty')) }}
          pagination={{
            current: query.pageNum,
            pageSize: query.pageSize,
            total: data.data?.total ?? 0,
            showSizeChanger: screens.md,
            pageSizeOptions: [20, 50, 100, 200],
            showTotal: (total) => t('devices.origin.total', { total }),
            onChange: (pageNum, pageSize) => setQuery((current) => (current ? { ...current, pageNum: pageSize === current.pageSize ? pageNum : 1, pageSize } : current)),
          }}
        />
      )}
      <TypedNameConfirm
        name={deletingAll}
        title={t('devices.origin.deleteAllTitle', { id: deletingAll ?? '' })}
        content={t('devices.origin.deleteAllContent')}
        inputLabel={t('devices.origin.deleteAllType', { id: deletingAll ?? '' })}
        okText={t('devices.origin.deleteAll')}
        cancelText={t('devices.form.cancel')}
        onConfirm={deleteAll}
        onClose={() => setDeletingAll(null)}
      />
    </Card>
  );
}
