import { GATEWAY_WIZARD, heInsertDevice, heSubDevicePair2, heSubDevicePairStatus, SUB_DEVICES_PER_HOST_MAX, type Host } from '@vigil/contracts';
import { useEffect, useState, type FormEvent } from 'react';
import { ApiError, callApi } from '../api.ts';
import { useT } from '../i18n.ts';

/**
 * Gateway host setup, then sub-device pairing (spec 02 §2, §9; docs/app.md): the host's
 * power, reset, network and Wi-Fi numbers; its sub-devices with pairing state and signal;
 * adding one (at most 49: fewer than 50 per gateway) and opening the host's pairing window
 * (he.subDevicePair2, cmd pair) while the installer holds each sub-device's button 3 s.
 * The host's state is polled (he.subDevicePairStatus) every 2 s.
 */
const POLL_MS = 2000;

export function GatewayPairing({ hostId, onDone }: { hostId: string; onDone: () => void }) {
  const t = useT();
  const [host, setHost] = useState<Host | null>(null);
  const [error, setError] = useState('');
  const [stage, setStage] = useState<'host' | 'subs'>('host');
  const [newId, setNewId] = useState('');
  const [newLocation, setNewLocation] = useState('');
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  const [refresh, setRefresh] = useState(0);

  useEffect(() => {
    let stopped = false;
    let timer = 0;
    const poll = async () => {
      try {
        const found = await callApi(heSubDevicePairStatus, { hostId });
        if (!stopped) {
          setHost(found);
          setError('');
          setNow(Date.now());
        }
      } catch (caught) {
        if (!stopped) setError(caught instanceof ApiError && caught.message ? caught.message : t('login.network'));
      }
      if (!stopped) timer = window.setTimeout(() => void poll(), POLL_MS);
    };
    void poll();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hostId, refresh]);

  const subs = host?.subDevices ?? [];
  const full = subs.length >= SUB_DEVICES_PER_HOST_MAX;
  const pairingOpen = host?.pairingUntil !== null && host?.pairingUntil !== undefined && host.pairingUntil > now;
  const fail = (caught: unknown) => setFormError(caught instanceof ApiError && caught.message ? caught.message : t('login.network'));

  const add = async (event: FormEvent) => {
    event.preventDefault();
    if (full) return setFormError(t('gw.full', { max: SUB_DEVICES_PER_HOST_MAX }));
    if (!newId.trim()) return setFormError(t('gw.idRequired'));
    setBusy(true);
    setFormError('');
    try {
      await callApi(heInsertDevice, { hostId, deviceId: newId.trim(), location: newLocation.trim() });
      setNewId('');
      setNewLocation('');
      setRefresh((value) => value + 1);
    } catch (caught) {
      fail(caught);
    } finally {
      setBusy(false);
    }
  };

  const startPairing = async () => {
    setBusy(true);
    setFormError('');
    try {
      const opened = await callApi(heSubDevicePair2, { hostId });
      setHost((previous) => (previous ? { ...previous, pairingUntil: opened.pairingUntil } : previous));
      setNow(Date.now());
      setRefresh((value) => value + 1);
    } catch (caught) {
      fail(caught);
    } finally {
      setBusy(false);
    }
  };

  const weak = host?.signal !== null && host?.signal !== undefined && host.signal < GATEWAY_WIZARD.signalLevelMin;
  return (
    <main className="screen">
      <h1>{t('gw.title')}</h1>
      <p className="muted">{hostId}</p>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <p className={host?.online ? 'banner banner-ok' : 'banner'} role="status" data-testid="host-online">
        {host === null ? t('common.loading') : host.online ? t('gw.hostOnline', { signal: host.signal ?? '–' }) : t('gw.hostOffline')}
      </p>
      {weak && <p className="banner banner-warn">{t('gw.weakSignal', { min: GATEWAY_WIZARD.signalLevelMin })}</p>}

      {stage === 'host' ? (
        <>
          <h2>{t('gw.host')}</h2>
          <ol className="guide">
            <li>{t('gw.host.1', { min: GATEWAY_WIZARD.powerButtonS[0], max: GATEWAY_WIZARD.powerButtonS[1] })}</li>
            <li>{t('gw.host.2', { seconds: GATEWAY_WIZARD.resetButtonS })}</li>
            <li>{t('gw.host.3', { metres: GATEWAY_WIZARD.wifiDistanceM })}</li>
            <li>{t('gw.host.4', { minutes: GATEWAY_WIZARD.networkWaitS / 60, min: GATEWAY_WIZARD.signalLevelMin })}</li>
          </ol>
          <div className="sheet-actions">
            <button type="button" className="button button-quiet" onClick={onDone}>
              {t('common.back')}
            </button>
            <button type="button" className="button button-primary" onClick={() => setStage('subs')}>
              {t('gw.toSubs')}
            </button>
          </div>
        </>
      ) : (
        <>
          <h2>{t('gw.subs')}</h2>
          <p className="muted">{t('gw.count', { count: subs.length, max: SUB_DEVICES_PER_HOST_MAX })}</p>
          {subs.length === 0 ? (
            <p className="muted">{t('gw.none')}</p>
          ) : (
            <ul className="cards" aria-label={t('gw.subs')}>
              {subs.map((sub) => (
                <li key={sub.deviceId} className="card">
                  <div className="card-row">
                    <strong>{sub.deviceId}</strong>
                    <span className={sub.pairing === 'paired' ? 'tag tag-ok' : 'tag tag-orange'}>{sub.pairing === 'paired' ? t('gw.paired') : t('gw.toPair')}</span>
                  </div>
                  <p className="muted">
                    {[sub.model, sub.location, t('gw.signal', { signal: sub.signal ?? '–' }), sub.tested ? t('gw.tested') : null].filter(Boolean).join(' · ')}
                  </p>
                </li>
              ))}
            </ul>
          )}
          <form className="card" onSubmit={(event) => void add(event)} noValidate aria-label={t('gw.add')}>
            <h3>{t('gw.add')}</h3>
            <label className="field">
              <span>{t('gw.subId')}</span>
              <input value={newId} autoCapitalize="none" autoComplete="off" onChange={(event) => setNewId(event.target.value)} />
            </label>
            <label className="field">
              <span>{t('install.location')}</span>
              <input value={newLocation} maxLength={64} onChange={(event) => setNewLocation(event.target.value)} />
            </label>
            <button type="submit" className="button button-block" disabled={busy || full}>
              {t('gw.addIt')}
            </button>
            {full && <p className="muted">{t('gw.full', { max: SUB_DEVICES_PER_HOST_MAX })}</p>}
          </form>
          {formError && (
            <p className="error" role="alert">
              {formError}
            </p>
          )}
          {pairingOpen ? (
            <p className="banner banner-ok" role="status" aria-live="polite">
              {t('gw.pairingOpen', { seconds: GATEWAY_WIZARD.pairButtonS, left: Math.max(0, Math.round(((host?.pairingUntil ?? 0) - now) / 1000)) })}
            </p>
          ) : (
            <button type="button" className="button button-primary button-block" disabled={busy || !host?.online} onClick={() => void startPairing()}>
              {t('gw.startPairing')}
            </button>
          )}
          {host && !host.online && <p className="muted">{t('gw.pairNeedsOnline')}</p>}
          <button type="button" className="button button-quiet button-block" onClick={onDone}>
            {t('gw.done')}
          </button>
        </>
      )}
    </main>
  );
}
