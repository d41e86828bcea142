import type { AlarmRecord } from '@vigil/contracts';
import { Button, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { RELEASE_SOURCE_LABELS, removalReasonText } from './alarmLabels.ts';
import { removeText } from './alarmText.ts';
import { ALARMS_NS } from './i18n.ts';

/** An alarm's handling state: processed (with the handler), relieved (remove text), or pending with the handle button (every pending item, reminders too: issue 25). */
export function AlarmState({ alarm, onHandle, onRelease }: { alarm: AlarmRecord; onHandle: (alarm: AlarmRecord) => void; onRelease?: (alarm: AlarmRecord) => void }) {
  const { t, i18n } = useTranslation(ALARMS_NS);
  if (alarm.dealState === 'processed') return <Tag color="green">{alarm.handler ? t('alarms.state.processedBy', { handler: alarm.handler }) : t('alarms.state.processed')}</Tag>;
  if (alarm.isRelieve) {
    // Who released it (the §4 release source) and, for a release from the console, why.
    const reason = removalReasonText(alarm.removeReason, (key) => t(key));
    return (
      <>
        <Tag color="blue">{removeText(alarm, i18n.language)}</Tag>
        <span className="alarm-release-detail">{[t(RELEASE_SOURCE_LABELS[alarm.releaseSource]), reason].filter(Boolean).join(' · ')}</span>
      </>
    );
  }
  return (
    <>
      <Tag color="volcano">{t('alarms.state.pending')}</Tag>
      {/* Every pending item can be handled, reminders too (issue 25). */}
      <Button size="small" type="link" onClick={() => onHandle(alarm)}>
        {t('alarms.action.handle')}
      </Button>
      {onRelease ? (
        <Button size="small" type="link" onClick={() => onRelease(alarm)}>
          {t('alarms.action.release')}
        </Button>
      ) : null}
    </>
  );
}
