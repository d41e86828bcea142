import { DownOutlined, UpOutlined } from '@ant-design/icons';
import { MOBILE_SOUND_BREAKPOINT_PX, type AlarmRecord } from '@vigil/contracts';
import { Badge, Button, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../shared/formatDateTime.ts';
import { shortText } from './alarmText.ts';
import { ALARMS_NS } from './i18n.ts';
import { pendingOnly, useHeldAlarms } from './pendingStore.ts';

/** The pending-alarm list: stays on screen until every alarm is handled or relieved. */
export function PendingPanel({ onHandle }: { onHandle: (alarm: AlarmRecord) => void }) {
  const { t, i18n } = useTranslation(ALARMS_NS);
  const pending = pendingOnly(useHeldAlarms());
  // On phones the list starts folded to its title bar (still on screen), so it does not cover the page.
  const [open, setOpen] = useState(() => window.innerWidth >= MOBILE_SOUND_BREAKPOINT_PX);
  if (!pending.length) return null;
  const reds = pending.filter((entry) => entry.alarm.alertLevel === 1).length;
  return (
    <section className={`pending-panel${open ? ' pending-panel--open' : ''}`} aria-labelledby="pending-panel-title">
      <div className="pending-panel__head">
        <h2 id="pending-panel-title" className="pending-panel__title">
          <Badge count={pending.length} color={reds ? '#cf1322' : '#d46b08'} overflowCount={999} /> {t('alarms.pending.title')}
        </h2>
        <Button
          type="text"
          size="small"
          aria-expanded={open}
          aria-controls="pending-panel-list"
          aria-label={open ? t('alarms.pending.collapse') : t('alarms.pending.expand')}
          icon={open ? <DownOutlined /> : <UpOutlined />}
          onClick={() => setOpen(!open)}
        />
      </div>
      {open ? (
        <ul id="pending-panel-list" className="pending-panel__list">
          {pending.map(({ alarm }) => (
            <li key={alarm.id} className={`pending-item pending-item--level${alarm.alertLevel}`}>
              <div className="pending-item__main">
                <Tag color={alarm.alertLevel === 1 ? 'red' : 'orange'}>{shortText(alarm, i18n.language)}</Tag>
                <span className="pending-item__who">{[alarm.userName, [alarm.room, alarm.bunk].filter(Boolean).join(' ')].filter(Boolean).join(' · ') || alarm.address}</span>
                <time className="pending-item__time" dateTime={new Date(alarm.raisedAt).toISOString()}>
                  {formatDateTime(alarm.raisedAt, i18n.language)}
                </time>
              </div>
              {alarm.showHandler ? (
                <Button size="small" onClick={() => onHandle(alarm)} aria-label={t('alarms.pending.handleOne', { what: shortText(alarm, i18n.language), who: alarm.userName || alarm.address })}>
                  {t('alarms.action.handle')}
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
