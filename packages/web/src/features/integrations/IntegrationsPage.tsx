import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { ALERT_TYPES, WEBHOOK_EVENTS, type Webhook, type WebhookDelivery, type WebhookEvent } from '@vigil/contracts';
import { Alert, Button, Card, Checkbox, Flex, Form, Input, Modal, Select, Switch, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { alarmKeyText } from '../alarms/alarmText.ts';
import { errorText } from '../shared/errorText.ts';
import { formatDateTime } from '../shared/formatDateTime.ts';
import { useFeedback } from '../shared/useFeedback.tsx';
import { INTEGRATIONS_NS } from './i18n.ts';
import { useDeleteWebhook, useDeliveries, useResend, useSaveWebhook, useWebhooks } from './integrationsApi.ts';

interface WebhookForm {
  url: string;
  description: string;
  events: WebhookEvent[];
  levels: (1 | 2)[];
  alertTypes: string[];
  enabled: boolean;
}

const PAGE_SIZE = 20;

/** A checkbox group needs a choice (a validator, not `required`: antd would put aria-required on the group, which ARIA does not allow there). */
const atLeastOne = (message: string) => ({
  validator: async (_rule: unknown, value: unknown[] | undefined) => {
    if (!value || value.length === 0) throw new Error(message);
  },
});

/**
 * Outbound webhooks of the care home, /alarm-log/integrations (issue 28, docs/webhooks.md): the
 * endpoints with their events, levels and alarm types and their signing secret; the delivery log
 * with each attempt's answer, and "Send again".
 */
export function IntegrationsPage() {
  const { t, i18n } = useTranslation(INTEGRATIONS_NS);
  const language = i18n.language;
  const feedback = useFeedback();
  const hooks = useWebhooks();
  const save = useSaveWebhook();
  const remove = useDeleteWebhook();
  const resend = useResend();
  const [editing, setEditing] = useState<Webhook | 'new' | null>(null);
  const [pageNum, setPageNum] = useState(1);
  const deliveries = useDeliveries({ pageNum, pageSize: PAGE_SIZE });
  const [form] = Form.useForm<WebhookForm>();
  const time = (ms: number | null) => (ms === null ? '—' : formatDateTime(ms, language));

  const open = (hook: Webhook | 'new') => {
    setEditing(hook);
    form.setFieldsValue(
      hook === 'new'
        ? { url: '', description: '', events: [...WEBHOOK_EVENTS], levels: [1, 2], alertTypes: [], enabled: true }
        : { url: hook.url, description: hook.description, events: hook.events, levels: hook.levels, alertTypes: hook.alertTypes, enabled: hook.enabled },
    );
  };
  const submit = async (values: WebhookForm) => {
    try {
      await save.mutateAsync({ ...values, alertTypes: values.alertTypes as Webhook['alertTypes'], ...(editing && editing !== 'new' ? { id: editing.id } : {}) });
      feedback.message.success(t('integrations.saved'));
      setEditing(null);
    } catch (error) {
      feedback.message.error(errorText(error));
    }
  };
  const confirmDelete = (hook: Webhook) =>
    feedback.modal.confirm({
      title: t('integrations.deleteTitle'),
      content: hook.url,
      okText: t('integrations.delete'),
      okButtonProps: { danger: true },
      cancelText: t('integrations.cancel'),
      onOk: async () => {
        try {
          await remove.mutateAsync(hook.id);
        } catch (error) {
          feedback.message.error(errorText(error));
        }
      },
    });

  const eventName = (event: string) => t(`integrations.event.${event}` as 'integrations.event.alarm.raised');
  const hookColumns: TableColumnsType<Webhook> = [
    { key: 'url', title: t('integrations.url'), render: (_value, row) => <Typography.Text code>{row.url}</Typography.Text> },
    { key: 'description', title: t('integrations.description'), dataIndex: 'description' },
    { key: 'events', title: t('integrations.events'), render: (_value, row) => row.events.map((event) => <Tag key={event}>{eventName(event)}</Tag>) },
    { key: 'levels', title: t('integrations.levels'), render: (_value, row) => row.levels.map((level) => <Tag key={level} color={level === 1 ? 'red' : 'orange'}>{t(level === 1 ? 'integrations.red' : 'integrations.orange')}</Tag>) },
    { key: 'types', title: t('integrations.alertTypes'), render: (_value, row) => (row.alertTypes.length === 0 ? t('integrations.allTypes') : row.alertTypes.map((type) => alarmKeyText(language, `short.${type}`) || type).join(', ')) },
    { key: 'enabled', title: t('integrations.enabled'), render: (_value, row) => <Tag color={row.enabled ? 'green' : 'default'}>{t(row.enabled ? 'integrations.on' : 'integrations.off')}</Tag> },
    { key: 'secret', title: t('integrations.secret'), render: (_value, row) => <Typography.Text copyable={{ text: row.secret, tooltips: [t('integrations.copy'), t('integrations.copied')] }}>{`${row.secret.slice(0, 10)}…`}</Typography.Text> },
    {
      key: 'actions',
      title: t('integrations.actions'),
      render: (_value, row) => (
        <Flex gap={8}>
          <Button size="small" onClick={() => open(row)}>
            {t('integrations.edit')}
          </Button>
          <Button size="small" danger onClick={() => confirmDelete(row)}>
            {t('integrations.delete')}
          </Button>
        </Flex>
      ),
    },
  ];
  const stateColor = { pending: 'orange', delivered: 'green', failed: 'red' } as const;
  const deliveryColumns: TableColumnsType<WebhookDelivery> = [
    { key: 'time', title: t('integrations.time'), render: (_value, row) => time(row.createdAt) },
    { key: 'event', title: t('integrations.event'), render: (_value, row) => eventName(row.event) },
    { key: 'alarm', title: t('integrations.alarm'), dataIndex: 'alarmId' },
    { key: 'url', title: t('integrations.url'), dataIndex: 'url', ellipsis: true },
    { key: 'state', title: t('integrations.state'), render: (_value, row) => <Tag color={stateColor[row.state]}>{t(`integrations.state.${row.state}`)}</Tag> },
    { key: 'attempts', title: t('integrations.attempts'), dataIndex: 'attempts', align: 'right' },
    { key: 'answer', title: t('integrations.answer'), render: (_value, row) => row.lastError ?? (row.lastStatus === null ? '—' : `HTTP ${row.lastStatus}`) },
    { key: 'next', title: t('integrations.next'), render: (_value, row) => (row.state === 'pending' ? time(row.nextAt) : row.state === 'delivered' ? time(row.deliveredAt) : '—') },
    {
      key: 'resend',
      title: t('integrations.actions'),
      render: (_value, row) => (
        <Button
          size="small"
          loading={resend.isPending && resend.variables === row.id}
          onClick={() =>
            void resend.mutateAsync(row.id).then(
              () => feedback.message.success(t('integrations.resent')),
              (error: unknown) => feedback.message.error(errorText(error)),
            )
          }
        >
          {t('integrations.resend')}
        </Button>
      ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      {feedback.holder}
      <Card
        title={<h2 style={{ fontSize: 'inherit', margin: 0 }}>{t('integrations.webhooks')}</h2>}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => open('new')}>
            {t('integrations.add')}
          </Button>
        }
      >
        <Typography.Paragraph type="secondary">{t('integrations.intro')}</Typography.Paragraph>
        {hooks.isError ? <Alert type="error" showIcon message={errorText(hooks.error)} /> : null}
        <Table rowKey="id" size="small" loading={hooks.isLoading} pagination={false} scroll={{ x: 900 }} dataSource={hooks.data ?? []} columns={hookColumns} locale={{ emptyText: t('integrations.none') }} />
      </Card>
      <Card
        title={<h2 style={{ fontSize: 'inherit', margin: 0 }}>{t('integrations.log')}</h2>}
        extra={
          <Button icon={<ReloadOutlined />} onClick={() => void deliveries.refetch()}>
            {t('integrations.refresh')}
          </Button>
        }
      >
        {deliveries.isError ? <Alert type="error" showIcon message={errorText(deliveries.error)} /> : null}
        <Table
          rowKey="id"
          size="small"
          loading={deliveries.isLoading}
          scroll={{ x: 1000 }}
          dataSource={deliveries.data?.rows ?? []}
          columns={deliveryColumns}
          locale={{ emptyText: t('integrations.noDeliveries') }}
          pagination={{ current: pageNum, pageSize: PAGE_SIZE, total: deliveries.data?.total ?? 0, hideOnSinglePage: true, onChange: setPageNum }}
        />
      </Card>
      <Modal
        open={editing !== null}
        title={editing === 'new' ? t('integrations.add') : t('integrations.edit')}
        okText={t('integrations.save')}
        cancelText={t('integrations.cancel')}
        confirmLoading={save.isPending}
        onOk={() => form.submit()}
        onCancel={() => setEditing(null)}
        destroyOnHidden
      >
        <Form<WebhookForm> form={form} layout="vertical" onFinish={(values) => void submit(values)}>
          <Form.Item name="url" label={t('integrations.url')} rules={[{ required: true, message: t('integrations.urlRequired') }]} extra={t('integrations.urlHint')}>
            <Input placeholder="https://" inputMode="url" />
          </Form.Item>
          <Form.Item name="description" label={t('integrations.description')}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="events" label={t('integrations.events')} rules={[atLeastOne(t('integrations.eventsRequired'))]}>
            <Checkbox.Group options={WEBHOOK_EVENTS.map((event) => ({ value: event, label: eventName(event) }))} />
          </Form.Item>
          <Form.Item name="levels" label={t('integrations.levels')} rules={[atLeastOne(t('integrations.levelsRequired'))]}>
            <Checkbox.Group options={[{ value: 1, label: t('integrations.red') }, { value: 2, label: t('integrations.orange') }]} />
          </Form.Item>
          <Form.Item name="alertTypes" label={t('integrations.alertTypes')} extra={t('integrations.alertTypesHint')}>
            <Select mode="multiple" allowClear options={ALERT_TYPES.map((type) => ({ value: type, label: alarmKeyText(language, `short.${type}`) || type }))} optionFilterProp="label" />
          </Form.Item>
          <Form.Item name="enabled" label={t('integrations.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
      </Modal>
    </Flex>
  );
}
