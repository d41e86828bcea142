import { CloseOutlined } from '@ant-design/icons';
import { ALARM_POPUP_MS, isReminder } from '@vigil/contracts';
import { Button, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { longText, promptText, removeText } from './alarmText.ts';
import { ALARMS_NS } from './i18n.ts';
import { useHeldAlarms, type HeldAlarm } from './pendingStore.ts';
import { seenPopups } from './seenPopups.ts';
import { useWideScreen } from './useWideScreen.ts';
import './alarms.css';

/** Popups shown at once; more wait in the pending list. */
const POPUPS_VISIBLE = 3;

function useNow(intervalMs: number): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/**
 * Popups of alarms that arrived live: 10 s on screens 768 px and wider; below that only the
 * sound (spec 02 §9). They stand over the docked pending panel's column, not the page, while it
 * is open; one this browser showed on an earlier page load does not reopen (issue 25 item 5).
 */
export function AlarmPopups({ onHandle, onRelease }: { onHandle: (entry: HeldAlarm) => void; onRelease?: (entry: HeldAlarm) => void }) {
  const { t, i18n } = useTranslation(ALARMS_NS);
  const held = useHeldAlarms();
  const wide = useWideScreen();
  const now = useNow(500);
  const [closed, setClosed] = useState<ReadonlySet<number>>(new Set());
  const showing = held
    .filter((entry) => entry.popup && now - entry.arrivedAt < ALARM_POPUP_MS && !closed.has(entry.alarm.id) && !seenPopups.seenBefore(entry.alarm.id))
    .slice(0, POPUPS_VISIBLE);
  useEffect(() => {
    if (wide) for (const entry of showing) seenPopups.mark(entry.alarm.id);
  });
  if (!wide || !showing.length) return null;
  return (
    <section className="alarm-popups" aria-label={t('alarms.popup.region')}>
      {showing.map(({ alarm, relieved }) => {
        const prompt = promptText(alarm, i18n.language);
        const reminder = isReminder(alarm.alertType);
        return (
          <div key={alarm.id} role="alert" className={`alarm-popup alarm-popup--level${alarm.alertLevel}${reminder ? ' alarm-popup--reminder' : ''}`}>
            <div className="alarm-popup__head">
              <Tag color={reminder ? 'blue' : alarm.alertLevel === 1 ? 'red' : 'orange'}>{t(reminder ? 'alarms.level.reminder' : alarm.alertLevel === 1 ? 'alarms.level.red' : 'alarms.level.orange')}</Tag>
              <strong className="alarm-popup__place">{[alarm.floorArea, alarm.room, alarm.bunk].filter(Boolean).join(' · ')}</strong>
              <Button type="text" size="small" icon={<CloseOutlined />} aria-label={t('alarms.popup.close')} onClick={() => setClosed(new Set([...closed, alarm.id]))} />
            </div>
            <p className="alarm-popup__text">{longText(alarm, i18n.language)}</p>
            {prompt && !relieved ? <p className="alarm-popup__prompt">{prompt}</p> : null}
            {relieved ? (
              <p className="alarm-popup__relieved" role="status">
                {removeText(alarm, i18n.language)}
              </p>
            ) : (
              <div className="alarm-popup__actions">
                <Button type="primary" danger={alarm.alertLevel === 1 && !reminder} onClick={() => onHandle({ alarm, relieved, arrivedAt: 0, popup: true })}>
                  {t('alarms.action.handle')}
                </Button>
                {onRelease ? <Button onClick={() => onRelease({ alarm, relieved, arrivedAt: 0, popup: true })}>{t('alarms.action.release')}</Button> : null}
              </div>
            )}
          </div>
        );
      })}
    </section>
  );
}
