import { familyAlerts, familySetAlerts, type FamilyAlerts as Alerts } from '@vigil/contracts';
import { useEffect, useState } from 'react';
import { ApiError, callApi } from '../api.ts';
import { useT } from '../i18n.ts';
import { subscribePush, unsubscribePush } from '../push.ts';

/**
 * A relative's opt-in to alarm notifications (issue 28; docs/app.md "Relatives"): where the care
 * home allows it, a switch with a sentence why; turning it on asks for notification permission
 * (on the tap), subscribes this phone and tells the server; turning it off tells the server and
 * drops the subscription. A red alarm of their own family member is then pushed when it is
 * raised and when it is handled, in plain words.
 */
export function FamilyAlerts() {
  const t = useT();
  const [alerts, setAlerts] = useState<Alerts | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');

  useEffect(() => {
    let stopped = false;
    callApi(familyAlerts, {})
      .then((answer) => {
        if (stopped) return;
        setAlerts(answer);
        // Opted in before on this phone: subscribe again quietly (the endpoint may have changed).
        if (answer.allowed && answer.optedIn && 'Notification' in window && Notification.permission === 'granted') void subscribePush().catch(() => undefined);
      })
      .catch(() => undefined);
    return () => {
      stopped = true;
    };
  }, []);

  if (!alerts) return null;

  const change = async (on: boolean) => {
    setBusy(true);
    setProblem('');
    try {
      if (on) {
        const state = await subscribePush();
        if (state !== 'on') {
          setProblem(state === 'denied' ? t('family.alerts.denied') : state === 'ios-install' ? t('push.iosInstall') : state === 'unsupported' ? t('family.alerts.unsupported') : t('family.alerts.needPermission'));
          return;
        }
      }
      setAlerts(await callApi(familySetAlerts, { on }));
      if (!on) await unsubscribePush().catch(() => undefined);
    } catch (error) {
      setProblem(t('family.alerts.failed', { reason: error instanceof ApiError ? error.message || String(error.status) : error instanceof Error ? error.message : String(error) }));
    } finally {
      setBusy(false);
    }
  };

  const on = alerts.allowed && alerts.optedIn;
  return (
    <section className="card family-alerts" aria-labelledby="family-alerts-title">
      <h2 id="family-alerts-title" className="card-title">
        {t('family.alerts.title')}
      </h2>
      <p id="family-alerts-why" className="muted">
        {t('family.alerts.why')}
      </p>
      {alerts.allowed ? (
        <button
          type="button"
          role="switch"
          className="switch"
          aria-checked={on}
          aria-describedby="family-alerts-why"
          disabled={busy}
          onClick={() => void change(!on)}
        >
          <span className="switch-track" aria-hidden="true">
            <span className="switch-thumb" />
          </span>
          <span>{t('family.alerts.switch')}</span>
        </button>
      ) : (
        <p role="status">{t('family.alerts.notAllowed')}</p>
      )}
      {problem ? (
        <p className="error" role="alert">
          {problem}
        </p>
      ) : null}
    </section>
  );
}
