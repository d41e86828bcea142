import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { GATEWAYS_NS } from './i18n.ts';

export function OnlineTag({ online }: { online: boolean }) {
  const { t } = useTranslation(GATEWAYS_NS);
  return <Tag color={online ? 'green' : 'default'}>{t(online ? 'gateways.status.online' : 'gateways.status.offline')}</Tag>;
}
