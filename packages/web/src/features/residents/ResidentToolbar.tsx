import { DownloadOutlined, ExportOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { RESIDENTS_NS } from './i18n.ts';

export interface ResidentToolbarProps {
  onRegister: () => void;
  onImport: () => void;
  onTemplate: () => void;
  onExport: () => void;
  running: string | null;
}

/** Register, import, template and export buttons of the resident list. */
export function ResidentToolbar({ onRegister, onImport, onTemplate, onExport, running }: ResidentToolbarProps) {
  const { t } = useTranslation(RESIDENTS_NS);
  return (
    <Flex wrap gap={8}>
      <Button type="primary" icon={<PlusOutlined />} onClick={onRegister}>
        {t('residents.action.register')}
      </Button>
      <Button icon={<UploadOutlined />} onClick={onImport}>
        {t('residents.action.import')}
      </Button>
      <Button icon={<DownloadOutlined />} loading={running === 'template'} onClick={onTemplate}>
        {t('residents.action.template')}
      </Button>
      <Button icon={<ExportOutlined />} loading={running === 'export'} onClick={onExport}>
        {t('residents.action.export')}
      </Button>
    </Flex>
  );
}
