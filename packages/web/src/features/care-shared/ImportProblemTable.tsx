import { Alert, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ImportProblem } from '@vigil/contracts';
import type { ImportRejection } from './importProblems.ts';
import { CARE_NS } from './i18n.ts';

/** The error report of a rejected import: row, column and message of each problem; nothing was imported. */
export function ImportProblemTable({ rejection, fileName }: { rejection: ImportRejection; fileName: string }) {
  const { t } = useTranslation(CARE_NS);
  const { problems, total } = rejection;
  return (
    <>
      <Alert
        type="error"
        showIcon
        style={{ marginBottom: 12 }}
        message={t('care.import.rejected', { count: total, file: fileName })}
        description={total > problems.length ? t('care.import.rejectedMore', { shown: problems.length, count: total }) : t('care.import.rejectedFix')}
      />
      <Table<ImportProblem>
        size="small"
        rowKey={(problem) => `${problem.row}-${problem.column}-${problem.field}-${problem.message}`}
        dataSource={problems}
        pagination={problems.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
        scroll={{ x: 520 }}
        aria-label={t('care.import.reportLabel')}
        columns={[
          { title: t('care.import.row'), dataIndex: 'row', key: 'row', width: 72 },
          { title: t('care.import.column'), key: 'column', width: 96, render: (_, problem) => problem.column || '—' },
          { title: t('care.import.message'), dataIndex: 'message', key: 'message' },
        ]}
      />
    </>
  );
}
