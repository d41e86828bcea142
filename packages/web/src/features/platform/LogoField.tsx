import { UndoOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Progress, Space, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LOGO_MAX_BYTES, LOGO_SIZE_PX, uploadLogo } from '@vigil/contracts';
import { uploadFile } from '../../api/client.ts';
import { PlatformLogo } from '../../components/PlatformLogo.tsx';
import { errorText } from '../shared/errorText.ts';
import { findLogoProblem, type LogoProblem } from './logoCheck.ts';
import { PLATFORM_NS } from './i18n.ts';

export interface LogoFieldProps {
  /** The logo URL; empty for the default logo. Filled in by Form.Item. */
  value?: string;
  onChange?: (logoUrl: string) => void;
  id?: string;
}

const PREVIEW_PX = 120;

/** Logo preview with upload (checked in the browser first) and "restore default logo", as a form control. */
export function LogoField({ value = '', onChange, id }: LogoFieldProps) {
  const { t } = useTranslation(PLATFORM_NS);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  function describe(found: LogoProblem): string {
    if (found.kind === 'format') return t('platform.logo.errorFormat');
    if (found.kind === 'bytes') return t('platform.logo.errorBytes', { size: found.sizeKb, max: LOGO_MAX_BYTES / 1024 });
    return t('platform.logo.errorSize', { width: found.width, height: found.height, size: LOGO_SIZE_PX });
  }

  async function upload(file: File): Promise<void> {
    setProblem(null);
    const found = await findLogoProblem(file);
    if (found) {
      setProblem(describe(found));
      return;
    }
    setProgress(0);
    try {
      const result = await uploadFile(uploadLogo, file, {}, setProgress);
      onChange?.(result.url);
    } catch (error) {
      setProblem(`${t('platform.logo.uploadFailed')}: ${errorText(error)}`);
    } finally {
      setProgress(null);
    }
  }

  return (
    <Flex id={id} role="group" aria-label={t('platform.settings.logo')} gap={20} wrap align="flex-start">
      <Flex vertical align="center" gap={6} style={{ flex: 'none' }}>
        <div style={{ padding: 8, borderRadius: 12, border: '1px dashed #d9d9d9', background: '#fafafa', lineHeight: 0 }}>
        <PlatformLogo url={value} size={PREVIEW_PX} alt={value ? t('platform.settings.preview') : t('platform.settings.defaultLogo')} />
        </div>
        <Typography.Text type="secondary">{value ? t('platform.settings.customLogo') : t('platform.settings.defaultLogo')}</Typography.Text>
      </Flex>
      <Flex vertical gap={10} style={{ minWidth: 0, flex: '1 1 220px' }}>
        <Space wrap>
          <Upload accept="image/png" showUploadList={false} maxCount={1} beforeUpload={(file) => { void upload(file); return false; }}>
            <Button icon={<UploadOutlined />} loading={progress !== null}>
              {t('platform.settings.upload')}
            </Button>
          </Upload>
          <Button icon={<UndoOutlined />} disabled={!value || progress !== null} onClick={() => { setProblem(null); onChange?.(''); }}>
            {t('platform.settings.restoreDefault')}
          </Button>
        </Space>
        <Typography.Text type="secondary">{t('platform.settings.logoHint', { size: LOGO_SIZE_PX, max: LOGO_MAX_BYTES / 1024 })}</Typography.Text>
        {progress !== null && <Progress percent={progress} size="small" aria-label={t('platform.settings.uploading')} />}
        {problem && <Alert type="error" showIcon message={problem} role="alert" />}
      </Flex>
    </Flex>
  );
}
