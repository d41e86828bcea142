import { Alert, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ImportProblem } from '@vigil/contracts';
import type { ImportRejection } from './importProblems.ts';

/** The error report of a rejected import: row, column and message of each problem; nothing was imported. */
export function ImportProblemTable({ rejection, fileName }: { rejection: ImportRejection; fileName: string }) {
  const { t } = useTranslation();
  const { problems, total } = rejection;
  return (
    <>
      <Alert
        type="error"
        showIcon
        style={{ marginBottom: 12 }}
        message={t('residents.import.rejected', { count: total, file: fileName })}
        description={total > problems.length ? t('residents.import.rejectedMore', { shown: problems.length, count: total }) : t('residents.import.rejectedFix')}
      />
      <Table<ImportProblem>
        size="small"
        rowKey={(problem) => `${problem.row}-${problem.column}-${problem.field}-${problem.message}`}
        dataSource={problems}
        pagination={problems.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
        scroll={{ x: 520 }}
        aria-label={t('residents.import.reportLabel')}
        columns={[
          { title: t('residents.import.row'), dataIndex: 'row', key: 'row', width: 72 },
          { title: t('residents.import.column'), key: 'column', width: 96, render: (_, problem) => problem.column || '—' },
          { title: t('residents.import.message'), dataIndex: 'message', key: 'message' },
        ]}
      />
    </>
  );
}
