import {
  alarmDealStatus,
  alarmLogUnDeal,
  appCaredResidents,
  FOLLOW_UPS,
  formatAlarmText,
  PENDING_LOOKBACK_MS,
  PENDING_PAGE_SIZE,
  RELEASE_CHOICES,
  REMARK_MAX,
  SOCKET_RECONNECT_MS,
  Status,
  type AlarmRecord,
  type CaredResident,
  type FollowUp,
  type ReleaseChoice,
  type ServerFrame,
} from '@vigil/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { announce, enableNotifications, notificationsOn, soundReady, unlockSound } from '../alert.ts';
import { ApiError, callApi } from '../api.ts';
import { currentLanguage, useT, type MessageKey } from '../i18n.ts';
import { useLiveConnection, useLiveStatus } from '../live.ts';

/** Status codes meaning someone else handled the alarm first (as in the console's dialog). */
const ALREADY_HANDLED = new Set<number>([409, Status.CONFLICT]);

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

/** Caregiver: pending alarms of the care home (live) and her residents (spec 02 §2; docs/app.md). */
export function CaregiverHome() {
  const t = useT();
  const [tab, setTab] = useState<'alarms' | 'residents'>('alarms');
  const [alarms, setAlarms] = useState<AlarmRecord[]>([]);
  const [residents, setResidents] = useState<CaredResident[] | null>(null);
  const [handling, setHandling] = useState<AlarmRecord | null>(null);
  const [goneWhileHandling, setGoneWhileHandling] = useState(false);
  const handlingRef = useRef<AlarmRecord | null>(null);
  handlingRef.current = handling;
  const [sound, setSound] = useState(soundReady());
  const [notify, setNotify] = useState(notificationsOn());

  const refetch = useCallback(async () => {
    const now = Date.now();
    const page = await callApi(alarmLogUnDeal, { startTime: now - PENDING_LOOKBACK_MS, endTime: now + 60_000, pageNum: 1, pageSize: PENDING_PAGE_SIZE, orderBy: 'timeStamp', order: 'desc' });
    setAlarms((current) => {
      // Keep what arrived live after the read started.
      const fresh = current.filter((alarm) => alarm.raisedAt >= now && !page.rows.some((row) => row.id === alarm.id));
      return [...fresh, ...page.rows];
    });
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
      void announce(alarm, alarm.address || alarm.userName);
    } else if (frame.path === '/userStatusNotify') {
      setAlarms((current) => current.filter((alarm) => alarm.id !== frame.data.id));
    } else if (frame.path === '/checkAlarm') {
      setAlarms((current) => current.filter((alarm) => alarm.id !== frame.data.id));
      if (handlingRef.current?.id === frame.data.id) setGoneWhileHandling(true);
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

  useEffect(() => {
    // Open alarms on the resident cards come from the list: refresh it now and then.
    const timer = window.setInterval(() => void refetchResidents().catch(() => undefined), 60_000);
    return () => window.clearInterval(timer);
  }, [refetchResidents]);

  useEffect(() => {
    // The first tap anywhere unlocks sound (browsers refuse audio before one).
    const unlock = () => setSound(unlockSound());
    window.addEventListener('pointerdown', unlock, { once: true });
    return () => window.removeEventListener('pointerdown', unlock);
  }, []);

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
          {!notify && 'Notification' in window && (
            <button type="button" className="button button-quiet button-block" onClick={() => void enableNotifications().then(setNotify)}>
              {t('care.alarms.notifyOff')}
            </button>
          )}
          <p className="muted" aria-live="polite">
            {alarms.length === 0 ? t('care.alarms.empty') : t('care.alarms.count', { count: alarms.length })}
          </p>
          <ul className="cards" aria-label={t('care.alarms.title')}>
            {alarms.map((alarm) => (
              <li key={alarm.id} className={alarm.alertLevel === 1 ? 'card card-red' : 'card card-orange'}>
                <div className="card-row">
                  <span className={alarm.alertLevel === 1 ? 'tag tag-red' : 'tag tag-orange'}>{alarm.alertLevel === 1 ? t('care.alarms.red') : t('care.alarms.orange')}</span>
                  <time dateTime={new Date(alarm.raisedAt).toISOString()}>{new Date(alarm.raisedAt).toLocaleTimeString(currentLanguage(), { hour: '2-digit', minute: '2-digit' })}</time>
                </div>
                <p className="card-title">{formatAlarmText(currentLanguage(), alarm.shortKey) || alarm.alertType}</p>
                <p>{alarm.text}</p>
                <p className="muted">{[alarm.userName, alarm.address].filter(Boolean).join(' · ')}</p>
                {alarm.showHandler && (
                  <button type="button" className="button button-primary button-block" onClick={() => { setGoneWhileHandling(false); setHandling(alarm); }}>
                    {t('care.alarms.handle')}
                  </button>
                )}
              </li>
            ))}
          </ul>
        </main>
      ) : (
        <ResidentsList residents={residents} />
      )}
      <nav className="tabbar" aria-label={t('app.name')}>
        <button type="button" aria-current={tab === 'alarms' ? 'page' : undefined} onClick={() => setTab('alarms')}>
          {t('care.tab.alarms')}
          {alarms.length > 0 && <span className="badge">{alarms.length}</span>}
        </button>
        <button type="button" aria-current={tab === 'residents' ? 'page' : undefined} onClick={() => setTab('residents')}>
          {t('care.tab.residents')}
        </button>
      </nav>
      {handling && (
        <HandleSheet
          alarm={handling}
          goneElsewhere={goneWhileHandling}
          onClose={() => setHandling(null)}
          onHandled={(id) => {
            setAlarms((current) => current.filter((alarm) => alarm.id !== id));
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
            const state = resident.deviceOnline === false ? t('care.residents.offline') : resident.sleepState ? t(`state.${resident.sleepState}` as MessageKey) : resident.devices.length === 0 ? t('care.residents.noDevice') : t('state.noData');
            return (
              <li key={resident.userId} className={resident.openAlarms.length > 0 ? 'card card-red' : 'card'}>
                <div className="card-row">
                  <p className="card-title">{resident.userName}</p>
                  <span className="muted">{[resident.room, resident.bunk].filter(Boolean).join(' · ')}</span>
                </div>
                <div className="card-row">
                  <span className={resident.deviceOnline === false ? 'tag tag-grey' : 'tag'}>{state}</span>
                  <span className="muted">
                    {resident.hr !== null && t('care.residents.hr', { value: Math.round(resident.hr) })}
                    {resident.hr !== null && resident.rr !== null && ' · '}
                    {resident.rr !== null && t('care.residents.rr', { value: Math.round(resident.rr) })}
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

/** The handling sheet: the §3 release choices (required), follow-up, remark ≤ 200 characters. */
function HandleSheet({ alarm, goneElsewhere, onClose, onHandled }: { alarm: AlarmRecord; goneElsewhere: boolean; onClose: () => void; onHandled: (id: number) => void }) {
  const t = useT();
  const language = currentLanguage();
  const [release, setRelease] = useState<ReleaseChoice | null>(null);
  const [followUp, setFollowUp] = useState<FollowUp | null>(null);
  const [remark, setRemark] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [elsewhere, setElsewhere] = useState(false);
  const gone = goneElsewhere || elsewhere;
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);

  const submit = async () => {
    if (!release) {
      setError(t('care.handle.releaseRequired'));
      return;
    }
    if (remark.trim().length > REMARK_MAX) {
      setError(t('care.handle.remarkTooLong', { max: REMARK_MAX }));
      return;
    }
    setBusy(true);
    setError('');
    try {
      await callApi(alarmDealStatus, { id: alarm.id, dealOption: release, followUp, remark: remark.trim() || null });
      onHandled(alarm.id);
      onClose();
    } catch (caught) {
      if (caught instanceof ApiError && ALREADY_HANDLED.has(caught.status)) {
        setElsewhere(true);
        onHandled(alarm.id);
      } else {
        setError(caught instanceof ApiError && caught.message ? caught.message : t('login.network'));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <dialog ref={dialog} className="sheet" aria-labelledby="handle-title" onCancel={onClose}>
      <h2 id="handle-title">{t('care.handle.title')}</h2>
      <p>{alarm.text}</p>
      {gone ? (
        <>
          <p className="banner banner-warn" role="alert">
            {t('care.handle.alreadyHandled')}
          </p>
          <button type="button" className="button button-primary button-block" onClick={onClose}>
            {t('common.close')}
          </button>
        </>
      ) : (
        <>
          <fieldset className="choices">
            <legend>{t('care.handle.release')}</legend>
            {RELEASE_CHOICES.map((choice) => (
              <label key={choice} className="choice">
                <input type="radio" name="release" value={choice} checked={release === choice} onChange={() => setRelease(choice)} />
                {formatAlarmText(language, `release.${choice}`)}
              </label>
            ))}
          </fieldset>
          <fieldset className="choices">
            <legend>{t('care.handle.followUp')}</legend>
            <label className="choice">
              <input type="radio" name="followUp" value="" checked={followUp === null} onChange={() => setFollowUp(null)} />
              {t('care.handle.none')}
            </label>
            {FOLLOW_UPS.map((choice) => (
              <label key={choice} className="choice">
                <input type="radio" name="followUp" value={choice} checked={followUp === choice} onChange={() => setFollowUp(choice)} />
                {formatAlarmText(language, `followUp.${choice}`)}
              </label>
            ))}
          </fieldset>
          <label className="field">
            <span>{t('care.handle.remark')}</span>
            <textarea rows={2} value={remark} maxLength={REMARK_MAX + 50} onChange={(event) => setRemark(event.target.value)} />
          </label>
          {error && (
            <p className="error" role="alert">
              {error}
            </p>
          )}
          <div className="sheet-actions">
            <button type="button" className="button button-quiet" onClick={onClose}>
              {t('common.cancel')}
            </button>
            <button type="button" className="button button-primary" disabled={busy} onClick={() => void submit()}>
              {t('care.handle.submit')}
            </button>
          </div>
        </>
      )}
    </dialog>
  );
}
