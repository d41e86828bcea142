import { useEffect, useState } from 'react';
import { ApiError } from '../api.ts';
import { useT } from '../i18n.ts';
import { initialPushState, subscribePush, type PushState } from '../push.ts';

const LATER_KEY = 'vigil-app-push-later';

/**
 * After a caregiver signs in: why the app wants notifications and a button that asks (the
 * question needs a tap), or why alarms cannot reach this phone while the app is closed. With
 * permission already granted it subscribes quietly on every start.
 */
export function PushPrompt() {
  const t = useT();
  const [state, setState] = useState<PushState>(initialPushState);
  const [reason, setReason] = useState('');
  const [later, setLater] = useState(() => sessionStorage.getItem(LATER_KEY) === '1');

  const subscribe = async () => {
    setState('subscribing');
    try {
      setState(await subscribePush());
    } catch (error) {
      setReason(error instanceof ApiError ? error.message || String(error.status) : error instanceof Error ? error.message : String(error));
      setState('failed');
    }
  };

  useEffect(() => {
    if (initialPushState() === 'subscribing') void subscribe();
  }, []);

  if (state === 'on' || state === 'subscribing') return null;
  if (state === 'ask') {
    if (later) return null;
    return (
      <section className="card push-ask" aria-labelledby="push-title">
        <p id="push-title" className="card-title">
          {t('push.title')}
        </p>
        <p>{t('push.why')}</p>
        <div className="sheet-actions">
          <button
            type="button"
            className="button button-quiet"
            onClick={() => {
              sessionStorage.setItem(LATER_KEY, '1');
              setLater(true);
            }}
          >
            {t('push.later')}
          </button>
          <button type="button" className="button button-primary" onClick={() => void subscribe()}>
            {t('push.allow')}
          </button>
        </div>
      </section>
    );
  }
  const text = state === 'denied' ? t('push.denied') : state === 'ios-install' ? t('push.iosInstall') : state === 'unsupported' ? t('push.unsupported') : t('push.failed', { reason });
  return (
    <p className="banner banner-warn" role="status">
      {text}
    </p>
  );
}
