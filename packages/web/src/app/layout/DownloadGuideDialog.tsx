import { AndroidOutlined, AppleOutlined, WechatOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Modal, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useEdition } from '../../session/edition.ts';
import { ANDROID_APP_URL, IOS_APP_URL, MOBILE_APP_PATH } from './download-links.ts';

/**
 * The caregiver and installer app (packages/app, served at /app/): a QR code of its address for
 * a phone's camera, the link, and how to add it to the home screen (docs/app.md). Both editions.
 */
// The QR code's encoder is only needed when the dialog opens: out of the signed-in shell's first load.
const QRCode = lazy(() => import('antd/es/qr-code'));

function MobileAppCard() {
  const { t } = useTranslation();
  const url = `${window.location.origin}${MOBILE_APP_PATH}`;
  return (
    <Card size="small" title={t('shell.guide.appTitle')} className="guide-card">
      <Flex gap={16} wrap align="flex-start">
        {/* For the phone's camera; screen readers get the same address from the link beside it. */}
        <div aria-hidden="true" title={t('shell.guide.appQr')} data-testid="app-qr" style={{ width: 136, height: 136 }}>
          <Suspense fallback={null}>
            <QRCode type="svg" value={url} size={136} bordered={false} />
          </Suspense>
        </div>
        <Flex vertical gap={4} style={{ flex: 1, minWidth: 200 }}>
          <Typography.Paragraph>{t('shell.guide.appBody')}</Typography.Paragraph>
          <a href={MOBILE_APP_PATH} target="_blank" rel="noreferrer">
            {t('shell.guide.appLink')}: {url}
          </a>
          <Typography.Text type="secondary">{t('shell.guide.homeAndroid')}</Typography.Text>
          <Typography.Text type="secondary">{t('shell.guide.homeIos')}</Typography.Text>
        </Flex>
      </Flex>
    </Card>
  );
}

/** Where caregivers, families and installers get the apps, with shortcuts to create their accounts. */
export function DownloadGuideDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { isAbroad } = useEdition();
  const appName = t('shell.guide.miniProgramName');
  const go = (path: string) => {
    onClose();
    navigate(path);
  };

  return (
    <Modal open={open} onCancel={onClose} footer={null} title={t('shell.guide.title')} width={560} destroyOnHidden>
      <MobileAppCard />
      {isAbroad ? (
        <Card size="small" title={t('shell.guide.appsTitle')} className="guide-card">
          <Flex vertical gap={12}>
            <div>
              <Typography.Text strong>
                <AppleOutlined /> {t('shell.guide.ios')}
              </Typography.Text>
              <div>
                {IOS_APP_URL ? (
                  <a href={IOS_APP_URL} target="_blank" rel="noreferrer">
                    {t('shell.guide.iosLink')}
                  </a>
                ) : (
                  t('shell.guide.iosSearch', { name: appName })
                )}
              </div>
            </div>
            <div>
              <Typography.Text strong>
                <AndroidOutlined /> {t('shell.guide.android')}
              </Typography.Text>
              <div>
                <a href={ANDROID_APP_URL} target="_blank" rel="noreferrer">
                  {t('shell.guide.androidLink')}
                </a>
              </div>
            </div>
          </Flex>
        </Card>
      ) : (
        <Card size="small" title={<><WechatOutlined /> {t('shell.guide.miniProgramTitle')}</>} className="guide-card">
          <Typography.Paragraph className="guide-card__name">{appName}</Typography.Paragraph>
          <Typography.Paragraph type="secondary">{t('shell.guide.miniProgramBody', { name: appName })}</Typography.Paragraph>
        </Card>
      )}
      <Typography.Paragraph className="guide-intro">{t('shell.guide.intro')}</Typography.Paragraph>
      <Flex wrap gap={8}>
        <Button onClick={() => go('/nurse-manage')}>{t('shell.guide.caregiverAccounts')}</Button>
        <Button onClick={() => go('/people-manage')}>{t('shell.guide.familyAccounts')}</Button>
        <Button onClick={() => go('/permission')}>{t('shell.guide.installerAccounts')}</Button>
      </Flex>
    </Modal>
  );
}
