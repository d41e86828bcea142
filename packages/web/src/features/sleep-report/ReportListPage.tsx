import type { OutputOf, ReportListFlag, sleepReportUserList } from '@vigil/contracts';
import { Card, Flex, Grid, Input, Select, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import '../care-shared/care.css';
import { PagedTable } from '../shared/PagedTable.tsx';
import { readRememberedPage, writeRememberedPage } from '../shared/rememberedPages.ts';
import { usePagedQuery } from '../shared/usePagedQuery.ts';
import { SLEEP_REPORT_NS } from './i18n.ts';
import { GradeTag, StatusTag } from './reportParts.tsx';
import { useReportResidents, type ReportResidentQuery } from './sleepReportApi.ts';
import { dailyReportPath, monthDetailsPath } from './sleepReportPaths.ts';
import './sleep-report.css';

type ReportResident = OutputOf<typeof sleepReportUserList>['rows'][number];
/** Flags the list can be narrowed to (by the server, so pages and total follow the filter). */
type FlagFilter = 'all' | ReportListFlag;

const TABLE_MIN_WIDTH = 900;

/** A resident's daily and monthly report links, named with the resident for screen readers. */
function ReportLinks({ row }: { row: ReportResident }) {
  const { t } = useTranslation(SLEEP_REPORT_NS);
  return (
    <Space size={12} wrap>
      <Link to={dailyReportPath(row.residentId)} aria-label={t('sleepReport.list.dailyOf', { name: row.name })}>
        {t('sleepReport.list.daily')}
      </Link>
      <Link to={monthDetailsPath(row.residentId)} aria-label={t('sleepReport.list.monthOf', { name: row.name })}>
        {t('sleepReport.list.month')}
      </Link>
    </Space>
  );
}

/** /sleep-report/reportList: residents with their latest score and flags, search, filter and links to their reports. */
export function ReportListPage() {
  const { t } = useTranslation(SLEEP_REPORT_NS);
  // A phone shows the columns that fit its width instead of a table to scroll sideways (issue 25 item 14).
  const phone = Grid.useBreakpoint().sm === false;
  const { query, filter, goToPage, setPageNum } = usePagedQuery<ReportResidentQuery>(
    () => ({ pageNum: readRememberedPage('reportList'), pageSize: 10 }),
    (pageNum) => writeRememberedPage('reportList', pageNum),
  );
  const flags: FlagFilter = query.flags ?? 'all';
  const list = useReportResidents(query);

  // A remembered page past the end falls back to the last page with rows.
  const total = list.data?.total;
  const settled = total !== undefined && !list.isPlaceholderData;
  useEffect(() => {
    if (!settled) return;
    const last = Math.max(1, Math.ceil(total / query.pageSize));
    if (query.pageNum > last) setPageNum(last);
    // setPageNum is a new function each render; the effect depends only on the figures.
  }, [settled, total, query.pageNum, query.pageSize]);

  const columns: ColumnsType<ReportResident> = [
    // Without a report there is nothing to open: the name is plain text and no report links are shown (issue 25 item 20).
    {
      title: t('sleepReport.list.name'),
      dataIndex: 'name',
      render: (name: string, row) => (
        <>
          {row.latestReport ? <Link to={dailyReportPath(row.residentId)}>{name}</Link> : name}
          {phone && (
            <>
              <div className="sleep-phone-line">
                {[[row.room, row.bunk].filter(Boolean).join(' · '), row.latestReport ? `${t('sleepReport.list.latest')} ${row.latestReport.date}` : t('sleepReport.list.noReport')].filter(Boolean).join(' · ')}
              </div>
              {/* The Reports column is hidden on a phone: its daily and monthly links come under the name. */}
              {row.latestReport && <ReportLinks row={row} />}
            </>
          )}
        </>
      ),
    },
    {
      title: t('sleepReport.metric.score'),
      render: (_, row) => {
        const report = row.latestReport;
        if (!report) return '—';
        return report.analysed && report.score !== null ? <strong>{report.score}</strong> : <Tag>{t('sleepReport.list.notAnalysed')}</Tag>;
      },
    },
    {
      title: t('sleepReport.list.flags'),
      render: (_, row) =>
        row.latestReport?.analysed ? (
          <Space size={4} wrap>
            <GradeTag grade={row.latestReport.apneaGrade} label={t('sleepReport.metric.ahiShort')} />
            <GradeTag grade={row.latestReport.afGrade} label={t('sleepReport.metric.afShort')} />
          </Space>
        ) : (
          '—'
        ),
    },
    { title: t('sleepReport.list.latest'), hidden: phone, render: (_, row) => row.latestReport?.date ?? t('sleepReport.list.noReport') },
    {
      title: t('sleepReport.list.reports'),
      hidden: phone,
      render: (_, row) => (!row.latestReport ? <Typography.Text type="secondary">{t('sleepReport.list.noReport')}</Typography.Text> : <ReportLinks row={row} />),
    },
    { title: t('sleepReport.list.place'), hidden: phone, render: (_, row) => [row.room, row.bunk].filter(Boolean).join(' · ') || '—' },
    { title: t('sleepReport.list.status'), hidden: phone, render: (_, row) => <StatusTag status={row.status} /> },
  ];

  return (
    <Card className="sleep-card" title={t('sleepReport.list.title')}>
      <Flex wrap gap={12} className="sleep-filters">
        <Input.Search
          allowClear
          enterButton
          aria-label={t('sleepReport.list.searchLabel')}
          placeholder={t('sleepReport.list.search')}
          onSearch={(value) => filter({ keyWord: value.trim() || undefined })}
        />
        <Select<FlagFilter>
          aria-label={t('sleepReport.list.filterLabel')}
          value={flags}
          onChange={(value) => filter({ flags: value === 'all' ? undefined : value })}
          options={[
            { value: 'all', label: t('sleepReport.list.filterAll') },
            { value: 'flagged', label: t('sleepReport.list.filterFlagged') },
            { value: 'noReport', label: t('sleepReport.list.filterNoReport') },
          ]}
        />
      </Flex>
      {/* Who the total counts: other screens count residents differently on purpose (issue 25 item 12). */}
      <p className="care-count-note">{t('sleepReport.list.counts')}</p>
      <PagedTable<ReportResident>
        rowKey="residentId"
        columns={columns}
        list={list}
        query={query}
        onPageChange={goToPage}
        minWidth={phone ? 0 : TABLE_MIN_WIDTH}
        emptyText={flags === 'all' ? t('sleepReport.list.empty') : t('sleepReport.list.emptyFiltered')}
        totalText={(count) => t('sleepReport.list.total', { total: count })}
      />
    </Card>
  );
}
