import { UploadOutlined } from '@ant-design/icons';
import { Button, Flex, Progress, Typography } from 'antd';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { appUploadFile, type ReleaseFile } from '@vigil/contracts';
import { uploadFile } from '../../api/client.ts';
import { errorText } from '../shared/errorText.ts';
import { RELEASES_NS } from './i18n.ts';

export interface PackageUploadProps {
  /** File-name endings offered by the picker, e.g. ".apk,.ipa". */
  accept: string;
  /** The form value: the uploaded file's id. */
  value?: string | null;
  onChange?: (fileId: string | null) => void;
  'aria-label'?: string;
  id?: string;
}

/** Uploads one release file with a progress bar; the form keeps its id, the MD5 is shown. */
export function PackageUpload({ accept, value, onChange, id, 'aria-label': ariaLabel }: PackageUploadProps) {
  const { t } = useTranslation(RELEASES_NS);
  const input = useRef<HTMLInputElement>(null);
  const fallbackId = useId();
  const [percent, setPercent] = useState<number | null>(null);
  const [uploaded, setUploaded] = useState<ReleaseFile | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  async function send(file: File) {
    setProblem(null);
    setPercent(0);
    try {
      const result = await uploadFile(appUploadFile, file, {}, setPercent);
      setUploaded(result);
      onChange?.(result.fileId);
    } catch (error) {
      setUploaded(null);
      onChange?.(null);
      setProblem(errorText(error));
    } finally {
      setPercent(null);
    }
  }

  return (
    <Flex vertical gap={4}>
      <input
        ref={input}
        id={id ?? fallbackId}
        type="file"
        accept={accept}
        aria-label={ariaLabel}
        style={{ display: 'none' }}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void send(file);
        }}
      />
      <Button icon={<UploadOutlined />} onClick={() => input.current?.click()} loading={percent !== null} style={{ alignSelf: 'flex-start' }}>
        {percent !== null ? t('releases.form.uploading') : t('releases.action.upload')}
      </Button>
      {percent !== null && <Progress percent={percent} size="small" aria-label={t('releases.form.uploading')} />}
      {uploaded && value === uploaded.fileId && (
        <Typography.Text type="success">{t('releases.message.uploaded', { name: uploaded.fileName, md5: uploaded.md5 })}</Typography.Text>
      )}
      {problem && <Typography.Text type="danger" role="alert">{problem}</Typography.Text>}
    </Flex>
  );
}
