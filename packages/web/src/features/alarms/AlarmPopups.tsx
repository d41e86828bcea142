import { CloseOutlined } from '@ant-design/icons';
import { ALARM_POPUP_MS, MOBILE_SOUND_BREAKPOINT_PX } from '@vigil/contracts';
import { Button, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { longText, promptText, removeText } from './alarmText.ts';
import { ALARMS_NS } from './i18n.ts';
import { useHeldAlarms, type HeldAlarm } from './pendingStore.ts';
import './alarms.css';

/** Popups shown at once; more wait in the pending list. */
const POPUPS_VISIBLE = 3;

function useWideScreen(): boolean {
  const [wide, setWide] = useState(() => window.innerWidth >= MOBILE_SOUND_BREAKPOINT_PX);
  useEffect(() => {
    const onResize = () => setWide(window.innerWidth >= MOBILE_SOUND_BREAKPOINT_PX);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return wide;
}

function useNow(intervalMs: number): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** Popups of alarms that arrived live: 10 s on screens 768 px and wider; below that only the sound (spec 02 §9). */
export function AlarmPopups({ onHandle }: { onHandle: (entry: HeldAlarm) => void }) {
  const { t, i18n } = useTranslation(ALARMS_NS);
  const held = useHeldAlarms();
  const wide = useWideScreen();
  const now = useNow(500);
  const [closed, setClosed] = useState<ReadonlySet<number>>(new Set());
  if (!wide) return null;
  const showing = held.filter((entry) => entry.popup && now - entry.arrivedAt < ALARM_POPUP_MS && !closed.has(entry.alarm.id)).slice(0, POPUPS_VISIBLE);
  if (!showing.length) return null;
  return (
    <section className="alarm-popups" aria-label={t('alarms.popup.region')}>
      {showing.map(({ alarm, relieved }) => {
        const prompt = promptText(alarm, i18n.language);
        return (
          <div key={alarm.id} role="alert" className={`alarm-popup alarm-popup--level${alarm.alertLevel}`}>
            <div className="alarm-popup__head">
              <Tag color={alarm.alertLevel === 1 ? 'red' : 'orange'}>{t(alarm.alertLevel === 1 ? 'alarms.level.red' : 'alarms.level.orange')}</Tag>
              <strong className="alarm-popup__place">{[alarm.floorArea, alarm.room, alarm.bunk].filter(Boolean).join(' · ')}</strong>
              <Button type="text" size="small" icon={<CloseOutlined />} aria-label={t('alarms.popup.close')} onClick={() => setClosed(new Set([...closed, alarm.id]))} />
            </div>
            <p className="alarm-popup__text">{longText(alarm, i18n.language)}</p>
            {prompt && !relieved ? <p className="alarm-popup__prompt">{prompt}</p> : null}
            {relieved ? (
              <p className="alarm-popup__relieved" role="status">
                {removeText(alarm, i18n.language)}
              </p>
            ) : alarm.showHandler ? (
              <Button type="primary" danger={alarm.alertLevel === 1} onClick={() => onHandle({ alarm, relieved, arrivedAt: 0, popup: true })}>
                {t('alarms.action.handle')}
              </Button>
            ) : null}
          </div>
        );
      })}
    </section>
  );
}
