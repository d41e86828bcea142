import { useEffect, useState, type FormEvent } from 'react';
import { useT } from '../i18n.ts';

/** How long a device may take to come online after power-on (spec 02 §9: init wait 3 minutes). */
const ONLINE_WAIT_MS = 180_000;
type NetState = 'idle' | 'connecting' | 'configuring' | 'success' | 'failure';

/**
 * Wi-Fi setup of a WLAN device (spec 02 §4 connecting → configuring → success | failure with
 * retry; §5 2.4 GHz only). Simulated, and labelled so: a web page cannot reach a device's
 * radio, so after checking the details it waits for the device to report over its protocol
 * (docs/app.md).
 */
export function NetworkSetup({ online }: { online: boolean }) {
  const t = useT();
  const [ssid, setSsid] = useState('');
  const [password, setPassword] = useState('');
  const [band, setBand] = useState<'2.4' | '5'>('2.4');
  const [state, setState] = useState<NetState>('idle');
  const [error, setError] = useState('');

  useEffect(() => {
    if (online && (state === 'connecting' || state === 'configuring')) setState('success');
  }, [online, state]);
  useEffect(() => {
    if (state === 'connecting') {
      const timer = window.setTimeout(() => setState('configuring'), 1500);
      return () => window.clearTimeout(timer);
    }
    if (state === 'configuring') {
      const timer = window.setTimeout(() => setState('failure'), ONLINE_WAIT_MS);
      return () => window.clearTimeout(timer);
    }
    return undefined;
  }, [state]);

  const start = (event: FormEvent) => {
    event.preventDefault();
    if (!ssid.trim()) return setError(t('net.ssidRequired'));
    if (band !== '2.4') return setError(t('net.only24'));
    setError('');
    setState(online ? 'success' : 'connecting');
  };

  return (
    <section className="card" aria-labelledby="net-title">
      <h2 id="net-title">
        {t('net.title')} <span className="tag tag-grey">{t('common.simulated')}</span>
      </h2>
      <p className="muted">{t('net.simulated')}</p>
      <form onSubmit={start} noValidate>
        <label className="field">
          <span>{t('net.ssid')}</span>
          <input value={ssid} autoCapitalize="none" onChange={(event) => setSsid(event.target.value)} />
        </label>
        <label className="field">
          <span>{t('net.password')}</span>
          <input type="password" value={password} autoComplete="off" onChange={(event) => setPassword(event.target.value)} />
        </label>
        <fieldset className="segmented">
          <legend>{t('net.band')}</legend>
          {(['2.4', '5'] as const).map((value) => (
            <label key={value} className={band === value ? 'segment segment-on' : 'segment'}>
              <input type="radio" name="band" checked={band === value} onChange={() => setBand(value)} />
              {value === '2.4' ? t('net.band24') : t('net.band5')}
            </label>
          ))}
        </fieldset>
        {error && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
        {state !== 'idle' && (
          <p className={state === 'success' ? 'banner banner-ok' : state === 'failure' ? 'banner banner-warn' : 'banner'} role="status">
            {t(`net.state.${state}`)}
          </p>
        )}
        {(state === 'idle' || state === 'failure') && (
          <button type="submit" className="button button-primary button-block">
            {state === 'failure' ? t('common.retry') : t('net.start')}
          </button>
        )}
      </form>
    </section>
  );
}
