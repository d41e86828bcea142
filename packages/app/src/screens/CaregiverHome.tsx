import {
  alarmLogUnDeal,
  alarmOpened,
  appCaredResidents,
  BULK_HANDLE_MAX,
  formatAlarmText,
  isReminder,
  URGENT_ALERT_TYPES,
  PENDING_PAGE_SIZE,
  SOCKET_RECONNECT_MS,
  type AlarmRecord,
  type CaredResident,
  type ServerFrame,
} from '@vigil/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { announce, soundReady, unlockSound } from '../alert.ts';
import { callApi } from '../api.ts';
import { currentLanguage, useT, type MessageKey } from '../i18n.ts';
import { alarmLongText } from '../alarmText.ts';
import { residentStateKey, residentVitals } from '../residentState.ts';
import { useLiveConnection, useLiveStatus } from '../live.ts';
import { useAlarmToOpen } from '../push.ts';
import { HandleSheet } from './HandleSheet.tsx';

function LiveBanner() {
  const t = useT();
  const status = useLiveStatus();
  if (status.state === 'open') return null;
  const text = status.loginFailed ? t('live.refused') : status.state === 'unsupported' ? t('live.unsupported') : status.opens === 0 ? t('live.connecting') : t('live.off', { seconds: SOCKET_RECONNECT_MS / 1000 });
  return (
    <div className={status.opens === 0 && !status.loginFailed ? 'banner' : 'banner banner-warn'} role="status">
      {text}
    </div>
  );
}

/** Alarms announced at most when a reconnect finds several raised while the connection was down. */
const MISSED_ANNOUNCED = 3;

/** How urgent, 0 most: SOS and falls, red, orange, reminders (as the console's list and voice, issue 25). */
function urgency(alarm: AlarmRecord): number {
  if ((URGENT_ALERT_TYPES as readonly string[]).includes(alarm.alertType)) return 0;
  if (isReminder(alarm.alertType)) return 3;
  return alarm.alertLevel === 1 ? 1 : 2;
}

/** Caregiver: pending alarms of the care home (live) and her residents (spec 02 §2; docs/app.md). */
export function CaregiverHome() {
  const t = useT();
  const [tab, setTab] = useState<'alarms' | 'residents'>('alarms');
  const [alarms, setAlarms] = useState<AlarmRecord[]>([]);
  // Open alarms past the loaded pages (every open alarm counts, whatever its age: issue 25).
  const [unloaded, setUnloaded] = useState(0);
  const cursor = useRef<AlarmRecord | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [loadFailed, setLoadFailed] = useState(false);
  const [residents, setResidents] = useState<CaredResident[] | null>(null);
  const [handling, setHandling] = useState<AlarmRecord | null>(null);
  const [goneWhileHandling, setGoneWhileHandling] = useState(false);
  const handlingRef = useRef<AlarmRecord | null>(null);
  handlingRef.current = handling;
  const [sound, setSound] = useState(soundReady());
  // Bulk handling (issue 25, as in the console): choose alarms, then one sheet for all of them.
  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [bulk, setBulk] = useState<readonly AlarmRecord[] | null>(null);
  const [settled, setSettled] = useState<ReadonlySet<number>>(new Set());
  const [notice, setNotice] = useState('');
  // Alarms this app has shown; null until the first list arrives. An alarm first seen in a
  // refetch after a reconnect was raised while the connection was down: it is announced then
  // (sound, vibration, the hidden app's notification), not added silently.
  const known = useRef<Set<number> | null>(null);

  const refetch = useCallback(async () => {
    const now = Date.now();
    // Every open alarm, newest first, whatever its age (not the spec's last 3600 s; docs/app.md).
    const page = await callApi(alarmLogUnDeal, { pageNum: 1, pageSize: PENDING_PAGE_SIZE, orderBy: 'timeStamp', order: 'desc' });
    cursor.current = page.rows.length < page.total ? page.rows[page.rows.length - 1] ?? null : null;
    setUnloaded(Math.max(0, page.total - page.rows.length));
    setAlarms((current) => {
      // Keep what arrived live after the read started.
      const fresh = current.filter((alarm) => alarm.raisedAt >= now && !page.rows.some((row) => row.id === alarm.id));
      return [...fresh, ...page.rows];
    });
    if (known.current === null) {
      known.current = new Set(page.rows.map((alarm) => alarm.id));
      return;
    }
    const seen = known.current;
    const missed = page.rows.filter((alarm) => !seen.has(alarm.id));
    for (const alarm of missed) seen.add(alarm.id);
    // The most urgent few, not one tone per alarm of a storm.
    for (const alarm of [...missed].sort((a, b) => urgency(a) - urgency(b) || b.raisedAt - a.raisedAt).slice(0, MISSED_ANNOUNCED)) {
      void announce(alarm, alarm.address || alarm.userName);
    }
  }, []);
  const loadMore = useCallback(async () => {
    const after = cursor.current;
    if (!after) return;
    setLoadingMore(true);
    setLoadFailed(false);
    try {
      const page = await callApi(alarmLogUnDeal, { pageNum: 1, pageSize: PENDING_PAGE_SIZE, orderBy: 'timeStamp', order: 'desc', beforeTime: after.raisedAt, beforeId: after.id });
      cursor.current = page.rows.length < page.total ? page.rows[page.rows.length - 1] ?? null : null;
      setUnloaded(Math.max(0, page.total - page.rows.length));
      setAlarms((current) => [...current, ...page.rows.filter((row) => !current.some((alarm) => alarm.id === row.id))]);
    } catch {
      setLoadFailed(true);
    } finally {
      setLoadingMore(false);
    }
  }, []);
  const refetchResidents = useCallback(async () => {
    setResidents(await callApi(appCaredResidents, {}));
  }, []);

  const onOpen = useCallback(() => {
    void refetch().catch(() => undefined);
    void refetchResidents().catch(() => undefined);
  }, [refetch, refetchResidents]);

  const onFrame = useCallback((frame: ServerFrame) => {
    if (frame.path === '/alertNotify' || frame.path === '/safeAlertNotify') {
      const alarm = frame.data;
      setAlarms((current) => [alarm, ...current.filter((other) => other.id !== alarm.id)]);
      known.current?.add(alarm.id);
      void announce(alarm, alarm.address || alarm.userName);
    } else if (frame.path === '/userStatusNotify' || frame.path === '/checkAlarm') {
      const id = frame.data.id;
      setAlarms((current) => {
        // A notice about an open alarm past the loaded pages: one fewer left to load.
        if (!current.some((alarm) => alarm.id === id) && cursor.current && id < cursor.current.id) setUnloaded((count) => Math.max(0, count - 1));
        return current.filter((alarm) => alarm.id !== id);
      });
      // The handling sheet of that alarm says so at once (handled or released elsewhere).
      if (handlingRef.current?.id === id) setGoneWhileHandling(true);
    } else if (frame.path === '/dataChange') {
      setResidents((current) =>
        current === null ? current : current.map((resident) => {
          const sample = frame.data.find((entry) => entry.userId === resident.userId);
          return sample ? { ...resident, ...sample } : resident;
        }),
      );
    }
  }, []);
  useLiveConnection(onFrame, onOpen);

  // A tapped alarm notification (push.ts): open its handling sheet once the alarm is in the list.
  const [alarmToOpen, opened] = useAlarmToOpen();
  useEffect(() => {
    if (alarmToOpen === null) return;
    const alarm = alarms.find((candidate) => candidate.id === alarmToOpen);
    if (!alarm) return;
    opened();
    // Who opened it (issue 28): the alarm's notification log shows the caregiver and when.
    void callApi(alarmOpened, { id: alarm.id }).catch(() => undefined);
    setTab('alarms');
    if (alarm.showHandler) {
      setGoneWhileHandling(false);
      setHandling(alarm);
    }
  }, [alarmToOpen, alarms, opened]);

  useEffect(() => {
    // Open alarms on the resident cards come from the list: refresh it now and then.
    const timer = window.setInterval(() => void refetchResidents().catch(() => undefined), 60_000);
    return () => window.clearInterval(timer);
  }, [refetchResidents]);

  useEffect(() => {
    // The first tap anywhere unlocks sound (browsers refuse audio before one). On the click, not
    // on pointerdown: the banner that then goes would move the page under the finger before the
    // click lands, and the nurse's first tap would miss what she aimed at.
    const unlock = () => setSound(unlockSound());
    window.addEventListener('click', unlock, { once: true });
    return () => window.removeEventListener('click', unlock);
  }, []);

  const sorted = [...alarms].sort((a, b) => urgency(a) - urgency(b) || b.raisedAt - a.raisedAt);
  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else if (next.size < BULK_HANDLE_MAX) next.add(id);
      return next;
    });
  const selectAll = () => setSelected(new Set(sorted.slice(0, BULK_HANDLE_MAX).map((alarm) => alarm.id)));
  const endSelection = () => {
    setSelecting(false);
    setSelected(new Set());
  };
  const openBulk = () => {
    setNotice('');
    setSettled(new Set());
    setBulk(sorted.filter((alarm) => selected.has(alarm.id)));
  };
  const closeBulk = () => {
    setBulk(null);
    endSelection();
  };

  return (
    <>
      <LiveBanner />
      {!sound && (
        <button type="button" className="banner banner-action" onClick={() => setSound(unlockSound())}>
          {t('care.alarms.soundOff')}
        </button>
      )}
      {tab === 'alarms' ? (
        <main className="screen">
          <h1>{t('care.alarms.title')}</h1>
          <p className="muted" aria-live="polite">
            {alarms.length + unloaded === 0 ? t('care.alarms.empty') : t('care.alarms.count', { count: alarms.length + unloaded })}
          </p>
          {alarms.length > 0 && (
            <div className="select-bar">
              <button type="button" className="button button-quiet" aria-pressed={selecting} onClick={() => (selecting ? endSelection() : setSelecting(true))}>
                {selecting ? t('care.bulk.stop') : t('care.bulk.start')}
              </button>
              {selecting && (
                <button type="button" className="button button-quiet" onClick={selectAll}>
                  {t('care.bulk.selectAll', { max: BULK_HANDLE_MAX })}
                </button>
              )}
            </div>
          )}
          {notice && (
            <p className="muted" role="status">
              {notice}
            </p>
          )}
          <ul className="cards" aria-label={t('care.alarms.title')}>
            {sorted.map((alarm) => (
              <li key={alarm.id} className={isReminder(alarm.alertType) ? 'card' : alarm.alertLevel === 1 ? 'card card-red' : 'card card-orange'}>
                <div className="card-row">
                  {isReminder(alarm.alertType) ? (
                    <span className="tag">{t('care.alarms.reminder')}</span>
                  ) : (
                    <span className={alarm.alertLevel === 1 ? 'tag tag-red' : 'tag tag-orange'}>{alarm.alertLevel === 1 ? t('care.alarms.red') : t('care.alarms.orange')}</span>
                  )}
                  <time dateTime={new Date(alarm.raisedAt).toISOString()}>{new Date(alarm.raisedAt).toLocaleTimeString(currentLanguage(), { hour: '2-digit', minute: '2-digit' })}</time>
                </div>
                <p className="card-title">{formatAlarmText(currentLanguage(), alarm.shortKey) || alarm.alertType}</p>
                <p>{alarmLongText(currentLanguage(), alarm)}</p>
                <p className="muted">{[alarm.userName, alarm.address].filter(Boolean).join(' · ')}</p>
                {selecting ? (
                  <label className="choice select-choice">
                    <input
                      type="checkbox"
                      checked={selected.has(alarm.id)}
                      disabled={!selected.has(alarm.id) && selected.size >= BULK_HANDLE_MAX}
                      onChange={() => toggle(alarm.id)}
                    />
                    {t('care.bulk.choose', { what: formatAlarmText(currentLanguage(), alarm.shortKey) || alarm.alertType, name: alarm.userName || alarm.address || '—' })}
                  </label>
                ) : (
                  // Every pending item can be handled, reminders too (issue 25).
                  <button type="button" className="button button-primary button-block" onClick={() => { setGoneWhileHandling(false); setHandling(alarm); }}>
                    {t('care.alarms.handle')}
                  </button>
                )}
              </li>
            ))}
          </ul>
          {selecting && (
            <div className="bulk-bar" role="group" aria-label={t('care.bulk.label')}>
              <span aria-live="polite">{t('care.bulk.count', { count: selected.size })}</span>
              <button type="button" className="button button-primary" disabled={selected.size === 0} onClick={openBulk}>
                {t('care.bulk.handle', { count: selected.size })}
              </button>
            </div>
          )}
          {unloaded > 0 && (
            <div className="more">
              <p className="muted" role="status">
                {t('care.alarms.countOf', { shown: alarms.length, total: alarms.length + unloaded })}
              </p>
              <button type="button" className="button button-quiet button-block" disabled={loadingMore} onClick={() => void loadMore()}>
                {t('care.alarms.loadMore')}
              </button>
              {loadFailed && (
                <p className="error" role="alert">
                  {t('care.alarms.loadFailed')}
                </p>
              )}
            </div>
          )}
        </main>
      ) : (
        <ResidentsList residents={residents} />
      )}
      <nav className="tabbar" aria-label={t('app.name')}>
        <button type="button" aria-current={tab === 'alarms' ? 'page' : undefined} onClick={() => setTab('alarms')}>
          {t('care.tab.alarms')}
          {alarms.length + unloaded > 0 && <span className="badge">{alarms.length + unloaded}</span>}
        </button>
        <button type="button" aria-current={tab === 'residents' ? 'page' : undefined} onClick={() => setTab('residents')}>
          {t('care.tab.residents')}
        </button>
      </nav>
      {handling && (
        <HandleSheet
          alarms={[handling]}
          bulk={false}
          goneElsewhere={goneWhileHandling ? 1 : 0}
          onClose={() => setHandling(null)}
          onHandled={(ids) => setAlarms((current) => current.filter((alarm) => !ids.includes(alarm.id)))}
        />
      )}
      {bulk && (
        <HandleSheet
          alarms={bulk.filter((alarm) => !settled.has(alarm.id) && alarms.some((open) => open.id === alarm.id))}
          bulk
          goneElsewhere={bulk.filter((alarm) => !settled.has(alarm.id) && !alarms.some((open) => open.id === alarm.id)).length}
          onClose={closeBulk}
          onBulkAnswer={(handled) => {
            if (handled > 0) setNotice(t('care.handle.manyDone', { count: handled }));
          }}
          onHandled={(ids) => {
            setSettled((current) => new Set([...current, ...ids]));
            setAlarms((current) => current.filter((alarm) => !ids.includes(alarm.id)));
          }}
        />
      )}
    </>
  );
}

function ResidentsList({ residents }: { residents: CaredResident[] | null }) {
  const t = useT();
  return (
    <main className="screen">
      <h1>{t('care.residents.title')}</h1>
      {residents === null ? (
        <p className="muted">{t('common.loading')}</p>
      ) : residents.length === 0 ? (
        <p className="muted">{t('care.residents.empty')}</p>
      ) : (
        <ul className="cards">
          {residents.map((resident) => {
            const stateKey = residentStateKey(resident);
            const vitals = residentVitals(resident);
            return (
              <li key={resident.userId} className={resident.openAlarms.length > 0 ? 'card card-red' : 'card'}>
                <div className="card-row">
                  <p className="card-title">{resident.userName}</p>
                  <span className="muted">{[resident.room, resident.bunk].filter(Boolean).join(' · ')}</span>
                </div>
                <div className="card-row">
                  <span className={resident.deviceOnline === false ? 'tag tag-grey' : 'tag'}>{t(stateKey)}</span>
                  <span className="muted">
                    {stateKey === 'state.outOfBed'
                      ? t('care.residents.noVitals')
                      : [vitals.hr !== null ? t('care.residents.hr', { value: vitals.hr }) : null, vitals.rr !== null ? t('care.residents.rr', { value: vitals.rr }) : null].filter(Boolean).join(' · ')}
                  </span>
                </div>
                <div className="card-row">
                  <span>{t('care.residents.sleepScore')}</span>
                  {resident.sleepScore === null ? <span className="muted">{t('care.residents.noReport')}</span> : <strong className="score">{Math.round(resident.sleepScore)}</strong>}
                </div>
                {resident.openAlarms.length > 0 && <p className="error-text">{t('care.residents.openAlarms', { count: resident.openAlarms.length })}</p>}
              </li>
            );
          })}
        </ul>
      )}
    </main>
  );
}
