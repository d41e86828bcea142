import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Modal, Progress, Result, Typography, Upload } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { errorText } from '../shared/errorText.ts';
import { ImportProblemTable } from './ImportProblemTable.tsx';
import { IMPORT_MAX_MB, readImportRejection, spreadsheetFileProblem, type ImportRejection } from './importProblems.ts';
import { CARE_NS } from './i18n.ts';

type Phase<Result> =
  | { kind: 'choose' }
  | { kind: 'uploading'; percent: number }
  | { kind: 'done'; result: Result }
  | { kind: 'rejected'; rejection: ImportRejection }
  | { kind: 'failed'; message: string };

export interface SpreadsheetImportDialogProps<Result extends { imported: number }> {
  open: boolean;
  title: string;
  /** Sends the file (uploadFile with the import operation), reporting upload progress. */
  upload: (file: File, onProgress: (percent: number) => void) => Promise<Result>;
  /** Downloads the import template (no template button without it). */
  onDownloadTemplate?: () => void;
  templateLoading?: boolean;
  /** What the file must hold, instead of "Use the template …". */
  hint?: string;
  /** Called once after a successful import (refresh lists). */
  onImported: (result: Result) => void;
  onClose: () => void;
  /** More to show after a successful import (e.g. new logins with their one-time passwords). */
  renderResultExtra?: (result: Result) => ReactNode;
}

/**
 * Spreadsheet import: pick an .xls or .xlsx file, upload it with a progress bar, then
 * either "N imported" or the server's report of every problem by row and column
 * (a rejected file imports nothing).
 */
export function SpreadsheetImportDialogBody<Result extends { imported: number }>(props: SpreadsheetImportDialogProps<Result>) {
  const { open, title, upload, onDownloadTemplate, templateLoading, onImported, onClose, renderResultExtra, hint } = props;
  const { t } = useTranslation(CARE_NS);
  const [file, setFile] = useState<File | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase<Result>>({ kind: 'choose' });
  const busy = phase.kind === 'uploading';

  const reset = () => {
    setFile(null);
    setFileProblem(null);
    setPhase({ kind: 'choose' });
  };
  const close = () => {
    if (busy) return;
    reset();
    onClose();
  };

  const choose = (chosen: File) => {
    const problem = spreadsheetFileProblem(chosen);
    setFile(problem ? null : chosen);
    setFileProblem(problem === 'format' ? t('care.import.wrongFormat') : problem === 'tooLarge' ? t('care.import.tooLarge', { max: IMPORT_MAX_MB }) : null);
    setPhase({ kind: 'choose' });
  };

  const start = async () => {
    if (!file) return;
    setPhase({ kind: 'uploading', percent: 0 });
    try {
      const result = await upload(file, (percent) => setPhase({ kind: 'uploading', percent }));
      setPhase({ kind: 'done', result });
      onImported(result);
    } catch (error) {
      const rejection = error instanceof ApiError ? await readImportRejection(error.data) : null;
      setPhase(rejection ? { kind: 'rejected', rejection } : { kind: 'failed', message: errorText(error) });
    }
  };

  const footer =
    phase.kind === 'done' ? (
      <Button type="primary" onClick={close}>
        {t('care.import.close')}
      </Button>
    ) : (
      <Flex justify="space-between" wrap gap={8}>
        {onDownloadTemplate ? (
          <Button icon={<DownloadOutlined />} loading={templateLoading} onClick={onDownloadTemplate}>
            {t('care.import.template')}
          </Button>
        ) : (
          <span />
        )}
        <Flex gap={8}>
          <Button onClick={close} disabled={busy}>
            {t('care.import.cancel')}
          </Button>
          {phase.kind === 'rejected' || phase.kind === 'failed' ? (
            <Button type="primary" onClick={reset}>
              {t('care.import.chooseAnother')}
            </Button>
          ) : (
            <Button type="primary" disabled={!file} loading={busy} onClick={() => void start()}>
              {t('care.import.start')}
            </Button>
          )}
        </Flex>
      </Flex>
    );

  return (
    <Modal open={open} title={title} onCancel={close} maskClosable={!busy} closable={!busy} destroyOnHidden width={phase.kind === 'rejected' ? 760 : 560} footer={footer}>
      {phase.kind === 'done' ? (
        <Result status="success" title={t('care.import.imported', { count: phase.result.imported })} extra={renderResultExtra?.(phase.result)} />
      ) : phase.kind === 'rejected' ? (
        <ImportProblemTable rejection={phase.rejection} fileName={file?.name ?? ''} />
      ) : (
        <Flex vertical gap={16}>
          <Upload.Dragger
            accept=".xls,.xlsx,application/vnd.ms-excel,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            multiple={false}
            maxCount={1}
            showUploadList={false}
            disabled={busy}
            beforeUpload={(chosen) => {
              choose(chosen);
              return Upload.LIST_IGNORE;
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{t('care.import.drop')}</p>
            <p className="ant-upload-hint">{hint ?? t('care.import.hint', { max: IMPORT_MAX_MB })}</p>
          </Upload.Dragger>
          {file && (
            <Typography.Text>
              {t('care.import.chosen')} <Typography.Text strong>{file.name}</Typography.Text>
            </Typography.Text>
          )}
          {fileProblem && <Alert type="error" showIcon message={fileProblem} />}
          {phase.kind === 'uploading' && (
            <div>
              <Progress percent={phase.percent} status="active" aria-label={t('care.import.progress')} />
              <Typography.Text type="secondary">
                {phase.percent < 100 ? t('care.import.uploading') : t('care.import.checking')}
              </Typography.Text>
            </div>
          )}
          {phase.kind === 'failed' && <Alert type="error" showIcon message={t('care.import.failed')} description={phase.message} />}
        </Flex>
      )}
    </Modal>
  );
}
