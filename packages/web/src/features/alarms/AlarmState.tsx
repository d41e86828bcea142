import type { AlarmRecord } from '@vigil/contracts';
import { Button, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { removeText } from './alarmText.ts';
import { ALARMS_NS } from './i18n.ts';

/** An alarm's handling state: processed (with the handler), relieved (remove text), or pending with the handle button where showHandler says. */
export function AlarmState({ alarm, onHandle }: { alarm: AlarmRecord; onHandle: (alarm: AlarmRecord) => void }) {
  const { t, i18n } = useTranslation(ALARMS_NS);
  if (alarm.dealState === 'processed') return <Tag color="green">{alarm.handler ? t('alarms.state.processedBy', { handler: alarm.handler }) : t('alarms.state.processed')}</Tag>;
  if (alarm.isRelieve) return <Tag color="blue">{removeText(alarm, i18n.language)}</Tag>;
  return (
    <>
      <Tag color="volcano">{t('alarms.state.pending')}</Tag>
      {alarm.showHandler ? (
        <Button size="small" type="link" onClick={() => onHandle(alarm)}>
          {t('alarms.action.handle')}
        </Button>
      ) : null}
    </>
  );
}
