import { Alert, Button, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PASSWORD_NS } from './i18n.ts';

export interface OneTimePasswordModalProps {
  /** The login whose password was reset; null keeps the modal closed. */
  account: string | null;
  password: string | null;
  onClose: () => void;
}

/** Shows a freshly reset password once, with a copy button (accounts and providers). */
export function OneTimePasswordModal({ account, password, onClose }: OneTimePasswordModalProps) {
  const { t } = useTranslation(PASSWORD_NS);
  return (
    <Modal
      open={account !== null && password !== null}
      title={t('password.oneTime.title')}
      onCancel={onClose}
      maskClosable={false}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose}>
          {t('password.oneTime.close')}
        </Button>
      }
    >
      <Alert type="warning" showIcon message={t('password.oneTime.description')} style={{ marginBottom: 16 }} />
      <Typography.Paragraph type="secondary" style={{ marginBottom: 4 }}>
        {t('password.oneTime.account', { name: account ?? '' })}
      </Typography.Paragraph>
      <Typography.Text
        code
        strong
        aria-label={t('password.oneTime.title')}
        style={{ fontSize: 20, letterSpacing: 1 }}
        copyable={{ text: password ?? '', tooltips: [t('password.oneTime.copy'), t('password.oneTime.copied')] }}
      >
        {password}
      </Typography.Text>
    </Modal>
  );
}
