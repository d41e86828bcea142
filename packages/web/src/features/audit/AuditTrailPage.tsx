import { ExportOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Input, Select, Tag, Typography, type TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { AUDIT_KINDS, auditLogExport, type AuditEntry, type AuditKind } from '@vigil/contracts';
import { RangePicker } from '../../components/LazyDatePicker.tsx';
import { useDownload } from '../care-shared/useDownload.ts';
import { formatDateTime } from '../shared/formatDateTime.ts';
import { PagedTable } from '../shared/PagedTable.tsx';
import { usePagedQuery } from '../shared/usePagedQuery.ts';
import { useFeedback } from '../shared/useFeedback.tsx';
import { useAuditList, type AuditQuery } from './auditApi.ts';
import { AUDIT_NS } from './i18n.ts';

const TABLE_MIN_WIDTH = 1000;
const KIND_COLORS: Record<AuditKind, string> = { change: 'blue', login: 'green', loginFailed: 'red', export: 'purple', view: 'default' };

/** Permission management > Audit trail: who changed, exported or viewed what, with filters and export (docs/audit.md). */
export function AuditTrailPage() {
  const { t, i18n } = useTranslation(AUDIT_NS);
  const feedback = useFeedback();
  const downloads = useDownload(feedback);
  const { query, filter, goToPage } = usePagedQuery<AuditQuery>({ pageNum: 1, pageSize: 20 });
  const list = useAuditList(query);
  const { pageNum: _page, pageSize: _size, ...filters } = query;

  const onRange = (range: [Dayjs | null, Dayjs | null] | null) =>
    filter({ startTime: range?.[0]?.startOf('day').valueOf(), endTime: range?.[1]?.endOf('day').valueOf() });

  const columns: TableColumnsType<AuditEntry> = [
    { title: t('audit.col.time'), dataIndex: 'at', width: 180, render: (at: number) => formatDateTime(at, i18n.language) },
    { title: t('audit.col.kind'), dataIndex: 'kind', width: 150, render: (kind: AuditKind) => <Tag color={KIND_COLORS[kind]}>{t(`audit.kind.${kind}`)}</Tag> },
    { title: t('audit.col.account'), dataIndex: 'userName', width: 170, render: (userName: string, row) => (row.role ? `${userName} (${row.role})` : userName) },
    { title: t('audit.col.address'), dataIndex: 'address', width: 140 },
    { title: t('audit.col.operation'), dataIndex: 'operation' },
    { title: t('audit.col.record'), dataIndex: 'record', width: 160, render: (record: string | null) => record ?? '' },
  ];

  const exportButton = (
    <Button icon={<ExportOutlined />} loading={downloads.running === 'export'} onClick={() => void downloads.download('export', auditLogExport, filters)}>
      {t('audit.export')}
    </Button>
  );

  return (
    <Card title={t('audit.title')} extra={exportButton}>
      {feedback.holder}
      <Flex wrap gap={12} style={{ marginBottom: 16 }}>
        <RangePicker aria-label={t('audit.period')} placeholder={[t('audit.from'), t('audit.to')]} onChange={onRange} />
        <Select<AuditKind>
          allowClear
          aria-label={t('audit.kindFilter')}
          placeholder={t('audit.allKinds')}
          style={{ width: 200, maxWidth: '100%' }}
          options={AUDIT_KINDS.map((value) => ({ value, label: t(`audit.kind.${value}`) }))}
          onChange={(kind) => filter({ kind })}
        />
        <Input.Search allowClear enterButton aria-label={t('audit.userLabel')} placeholder={t('audit.user')} style={{ width: 220, maxWidth: '100%' }} onSearch={(value) => filter({ userName: value.trim() || undefined })} />
        <Input.Search allowClear enterButton aria-label={t('audit.operationLabel')} placeholder={t('audit.operation')} style={{ width: 240, maxWidth: '100%' }} onSearch={(value) => filter({ operation: value.trim() || undefined })} />
        <Input.Search allowClear enterButton aria-label={t('audit.recordLabel')} placeholder={t('audit.record')} style={{ width: 220, maxWidth: '100%' }} onSearch={(value) => filter({ record: value.trim() || undefined })} />
      </Flex>
      <PagedTable<AuditEntry>
        rowKey="id"
        columns={columns}
        list={list}
        query={query}
        onPageChange={goToPage}
        minWidth={TABLE_MIN_WIDTH}
        emptyText={t('audit.empty')}
        totalText={(total) => t('audit.total', { total })}
        expandable={{
          expandedRowRender: (row) => (
            <Typography.Paragraph style={{ margin: 0 }}>
              <pre style={{ whiteSpace: 'pre-wrap', margin: 0, maxHeight: 360, overflow: 'auto' }}>{JSON.stringify(JSON.parse(row.changes), null, 2)}</pre>
            </Typography.Paragraph>
          ),
        }}
      />
    </Card>
  );
}
