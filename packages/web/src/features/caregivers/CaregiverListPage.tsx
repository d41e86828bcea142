/*
 * Caregiver list, /nurse-manage/nurseManage. The spec says list and edit screens differ by
 * the overseas flag (localStorage isAbroad, read through useEdition); the differences chosen,
 * kept in caregiverEdition.ts so the form agrees:
 * - overseas: no ID-number column or field (a domestic identity-card practice); the login
 *   column is "App login" and the hint says caregivers sign in to the caregiver app;
 * - domestic: the ID-number column and field are shown; the login column is
 *   "Mini-program login" and the hint says caregivers sign in to the mini program.
 */
import { DownloadOutlined, ExportOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Grid, Input, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CAREGIVER_GRADES, nursingBatchAdd, nursingExcelModel, nursingExportData, type Caregiver } from '@vigil/contracts';
import { uploadFile } from '../../api/client.ts';
import { useEdition } from '../../session/edition.ts';
import { OneTimePasswordModal } from '../password/OneTimePasswordModal.tsx';
import { CARE_KEY } from '../care-shared/careQueryKeys.ts';
import '../care-shared/care.css';
import { SpreadsheetImportDialog } from '../care-shared/SpreadsheetImportDialog.tsx';
import { useDownload } from '../care-shared/useDownload.ts';
import { PagedTable } from '../shared/PagedTable.tsx';
import { usePagedQuery } from '../shared/usePagedQuery.ts';
import { useFeedback } from '../shared/useFeedback.tsx';
import { caregiverColumns } from './caregiverColumns.tsx';
import { caregiverEditionView } from './caregiverEdition.ts';
import { GRADE_LABEL_KEYS } from './caregiverLabels.ts';
import { CAREGIVER_FORM_PATH } from './caregiverPaths.ts';
import { useCaregiverList, type CaregiverGrade, type CaregiverListQuery } from './caregiversApi.ts';
import { ImportedAccounts } from './ImportedAccounts.tsx';
import { useCaregiverActions } from './useCaregiverActions.ts';
import { CAREGIVERS_NS } from './i18n.ts';

/** Narrower than this the table scrolls sideways (phones) instead of squeezing its columns. */
const TABLE_MIN_WIDTH = 1180;

/** Caregivers of the provider: search, grade and status filters, row actions, import and export. */
export function CaregiverListPage() {
  const { t, i18n } = useTranslation(CAREGIVERS_NS);
  const navigate = useNavigate();
  const screens = Grid.useBreakpoint();
  const feedback = useFeedback();
  const queryClient = useQueryClient();
  const edition = caregiverEditionView(useEdition().isAbroad);
  const downloads = useDownload(feedback);
  const { query, filter, goToPage } = usePagedQuery<CaregiverListQuery>({ pageNum: 1, pageSize: 10 });
  const [importing, setImporting] = useState(false);
  const [reset, setReset] = useState<{ account: string; password: string } | null>(null);
  const list = useCaregiverList(query);
  const actions = useCaregiverActions(feedback, (account, password) => setReset({ account, password }));
  const edit = (caregiver: Caregiver) => navigate(`${CAREGIVER_FORM_PATH}?id=${caregiver.id}`, { state: { caregiver } });
  const columns = caregiverColumns({ t, language: i18n.language, pinActions: Boolean(screens.lg), edition, actions: { ...actions, edit } });

  const toolbar = (
    <Flex wrap gap={8}>
      <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(CAREGIVER_FORM_PATH)}>
        {t('caregivers.action.add')}
      </Button>
      <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
        {t('caregivers.action.import')}
      </Button>
      <Button icon={<DownloadOutlined />} loading={downloads.running === 'template'} onClick={() => void downloads.download('template', nursingExcelModel)}>
        {t('caregivers.action.template')}
      </Button>
      <Button icon={<ExportOutlined />} loading={downloads.running === 'export'} onClick={() => void downloads.download('export', nursingExportData)}>
        {t('caregivers.action.export')}
      </Button>
    </Flex>
  );

  return (
    <Card title={t('caregivers.list.title')} extra={screens.md && toolbar}>
      {feedback.holder}
      {!screens.md && <div style={{ marginBottom: 16 }}>{toolbar}</div>}
      <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t(edition.signInHintKey)} />
      <Flex wrap gap={12} className="care-filters" style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          enterButton
          aria-label={t('caregivers.list.searchLabel')}
          placeholder={t('caregivers.list.search')}
          onSearch={(value) => filter({ keyWord: value.trim() || undefined })}
        />
        <Select<CaregiverGrade>
          allowClear
          aria-label={t('caregivers.list.gradeFilter')}
          placeholder={t('caregivers.list.allGrades')}
          options={CAREGIVER_GRADES.map((grade) => ({ value: grade, label: t(GRADE_LABEL_KEYS[grade]) }))}
          onChange={(grade) => filter({ grade: grade ?? undefined })}
        />
        <Select<'enabled' | 'disabled'>
          allowClear
          aria-label={t('caregivers.list.statusFilter')}
          placeholder={t('caregivers.list.allStatuses')}
          options={[
            { value: 'enabled', label: t('caregivers.status.enabled') },
            { value: 'disabled', label: t('caregivers.status.disabled') },
          ]}
          onChange={(status) => filter({ enabled: status === undefined ? undefined : status === 'enabled' })}
        />
      </Flex>
      <PagedTable<Caregiver>
        className="care-table"
        columns={columns}
        list={list}
        query={query}
        onPageChange={goToPage}
        minWidth={TABLE_MIN_WIDTH}
        emptyText={t('caregivers.list.empty')}
        totalText={(total) => t('caregivers.list.total', { total })}
      />
      <SpreadsheetImportDialog
        open={importing}
        title={t('caregivers.import.title')}
        upload={(file, onProgress) => uploadFile(nursingBatchAdd, file, {}, onProgress)}
        onDownloadTemplate={() => void downloads.download('template', nursingExcelModel)}
        templateLoading={downloads.running === 'template'}
        onImported={() => void queryClient.invalidateQueries({ queryKey: CARE_KEY })}
        onClose={() => setImporting(false)}
        renderResultExtra={(result) => <ImportedAccounts accounts={result.accounts} />}
      />
      <OneTimePasswordModal account={reset?.account ?? null} password={reset?.password ?? null} onClose={() => setReset(null)} />
    </Card>
  );
}
