import { useQueryClient } from '@tanstack/react-query';
import { Card, Grid } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { residentBatchAdd, residentExcelModel, residentExportData, type Resident } from '@vigil/contracts';
import { uploadFile } from '../../api/client.ts';
import { PagedTable } from '../shared/PagedTable.tsx';
import { usePagedQuery } from '../shared/usePagedQuery.ts';
import { useFeedback } from '../shared/useFeedback.tsx';
import '../care-shared/care.css';
import { CARE_KEY } from '../care-shared/careQueryKeys.ts';
import { SpreadsheetImportDialog } from '../care-shared/SpreadsheetImportDialog.tsx';
import { useDownload } from '../care-shared/useDownload.ts';
import { residentColumns } from './residentColumns.tsx';
import { ResidentFilters } from './ResidentFilters.tsx';
import { RESIDENT_FORM_PATH } from './residentPaths.ts';
import { useResidentList, type ResidentListQuery } from './residentsApi.ts';
import { ResidentSummaryCards } from './ResidentSummaryCards.tsx';
import { ResidentToolbar } from './ResidentToolbar.tsx';
import { lastPage, readStoredPage, RESIDENT_PAGE_KEY, writeStoredPage } from './storedPage.ts';
import { useResidentActions } from './useResidentActions.ts';
import { RESIDENTS_NS } from './i18n.ts';

// The absence dialog (a date picker and the contract's schemas) loads when a nurse first opens it.
const AbsenceDialog = lazy(() => import('./AbsenceDialog.tsx').then((m) => ({ default: m.AbsenceDialog })));

/** Narrower than this the table scrolls sideways (phones) instead of squeezing its columns. */
const TABLE_MIN_WIDTH = 1100;

/** /people-manage/userManage: residents with summary, search, filters, remembered page, row actions, import and export. */
export function ResidentManagePage() {
  const { t, i18n } = useTranslation(RESIDENTS_NS);
  const navigate = useNavigate();
  const screens = Grid.useBreakpoint();
  const feedback = useFeedback();
  const queryClient = useQueryClient();
  const downloads = useDownload(feedback);
  const { query, filter, goToPage, setPageNum } = usePagedQuery<ResidentListQuery>(
    () => ({ pageNum: readStoredPage(RESIDENT_PAGE_KEY), pageSize: 10 }),
    (pageNum) => writeStoredPage(RESIDENT_PAGE_KEY, pageNum),
  );
  const [importing, setImporting] = useState(false);
  const [away, setAway] = useState<Resident | null>(null);
  const list = useResidentList(query);
  const actions = useResidentActions(feedback);

  // A remembered page past the end (rows deleted elsewhere) falls back to the last page with rows.
  const total = list.data?.total;
  const settled = total !== undefined && !list.isPlaceholderData;
  useEffect(() => {
    if (!settled) return;
    const last = lastPage(total, query.pageSize);
    if (query.pageNum > last) setPageNum(last);
    // setPageNum is a new function each render; the effect depends only on the figures.
  }, [settled, total, query.pageNum, query.pageSize]);

  const edit = (resident: Resident) => navigate(`${RESIDENT_FORM_PATH}?id=${resident.id}`);
  // A phone shows the columns that fit its width instead of a table to scroll sideways (issue 25 item 14).
  const phone = screens.sm === false;
  const columns = residentColumns({ t, language: i18n.language, pinActions: Boolean(screens.lg), phone, actions: { ...actions, edit, markAway: setAway } });
  const { pageNum: _page, pageSize: _size, ...filters } = query;
  const toolbar = (
    <ResidentToolbar
      running={downloads.running}
      onRegister={() => navigate(RESIDENT_FORM_PATH)}
      onImport={() => setImporting(true)}
      onTemplate={() => void downloads.download('template', residentExcelModel)}
      onExport={() => void downloads.download('export', residentExportData, filters)}
    />
  );

  return (
    <>
      {feedback.holder}
      <ResidentSummaryCards />
      <Card
        title={t('residents.list.title')}
        extra={screens.md && toolbar}
      >
        {!screens.md && (
          <div style={{ marginBottom: 16 }}>
            {toolbar}
          </div>
        )}
        <ResidentFilters onChange={filter} />
        <PagedTable<Resident>
          className="care-table"
          columns={columns}
          list={list}
          query={query}
          onPageChange={goToPage}
          minWidth={phone ? 0 : TABLE_MIN_WIDTH}
          size={phone ? 'small' : 'middle'}
          emptyText={t('residents.list.empty')}
          totalText={(count) => t('residents.list.total', { total: count })}
        />
      </Card>
      {away && (
        <Suspense fallback={null}>
          <AbsenceDialog resident={away} feedback={feedback} onDone={actions.refresh} onClose={() => setAway(null)} />
        </Suspense>
      )}
      <SpreadsheetImportDialog
        open={importing}
        title={t('residents.import.title')}
        upload={(file, onProgress) => uploadFile(residentBatchAdd, file, {}, onProgress)}
        onDownloadTemplate={() => void downloads.download('template', residentExcelModel)}
        templateLoading={downloads.running === 'template'}
        onImported={() => void queryClient.invalidateQueries({ queryKey: CARE_KEY })}
        onClose={() => setImporting(false)}
      />
    </>
  );
}
