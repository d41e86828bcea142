import { appUpdateCheck, UPDATE_CHECK_INTERVAL_MS } from '@vigil/contracts';
import { useEffect, useState } from 'react';
import { callApi } from '../api.ts';
import { useT } from '../i18n.ts';
import { appPlatform, hidePrompt, newH5Deployed, reloadIntoUpdate, shouldPrompt, updateRoute, type UpdateAnswer } from '../update.ts';

/** Seconds a forced update waits before reloading by itself (when its H5 is deployed: update.ts). */
const FORCED_RELOAD_S = 10;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The update check (spec 02 §9): asks every 10 minutes; a banner for a newer published version,
 * which can be hidden for 7 days unless forced; a forced one reloads into it once its web app is
 * served. The banner sits in the page's flow under the top bar, never over the alarm list (no
 * modal: issue 25 item 7). "Update now" reloads only into a newer web app, opens the package or
 * store page of an app package, and otherwise says the version is not deployed yet, so it never
 * reloads into the same prompt.
 */
export function UpdatePrompt() {
  const t = useT();
  const [answer, setAnswer] = useState<UpdateAnswer | null>(null);
  const [notDeployed, setNotDeployed] = useState(false);

  useEffect(() => {
    const check = async () => {
      try {
        const result = await callApi(appUpdateCheck, { platform: appPlatform(navigator.userAgent), buildNumber: __APP_BUILD__ });
        setAnswer(shouldPrompt(result, Date.now()) ? result : null);
      } catch {
        // Offline or signed out: ask again next time.
      }
    };
    void check();
    const timer = window.setInterval(() => void check(), UPDATE_CHECK_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, []);

  useEffect(() => {
    if (!answer?.force) return;
    const timer = window.setTimeout(() => void newH5Deployed().then((deployed) => (deployed ? reloadIntoUpdate() : undefined)), FORCED_RELOAD_S * 1000);
    return () => window.clearTimeout(timer);
  }, [answer]);

  if (!answer?.latest) return null;
  const latest = answer.latest;

  const updateNow = async () => {
    const route = updateRoute(answer, await newH5Deployed());
    // Remembered either way (a forced prompt stays): after the reload or the install it does not come back for this version.
    hidePrompt(answer, Date.now());
    if (route.kind === 'reload') return reloadIntoUpdate();
    if (route.kind === 'open') {
      window.open(route.url, '_blank', 'noopener');
      if (!answer.force) setAnswer(null);
      return;
    }
    setNotDeployed(true);
  };

  return (
    <section className="banner banner-update" aria-labelledby="update-title">
      <p><strong id="update-title">{t('update.title')}</strong></p>
      <p>{t('update.body', { version: latest.versionName })}</p>
      {latest.updateLog && <p className="muted pre">{latest.updateLog}</p>}
      {answer.force && <p className="banner banner-warn">{t('update.forced')}</p>}
      {notDeployed && (
        <p className="muted" role="status">
          {t('update.notDeployed', { version: latest.versionName })}
        </p>
      )}
      <div className="sheet-actions">
        {!answer.force && (
          <button
            type="button"
            className="button button-quiet"
            onClick={() => {
              hidePrompt(answer, Date.now());
              setAnswer(null);
            }}
          >
            {t('update.later', { days: Math.round(answer.promptHideMs / DAY_MS) })}
          </button>
        )}
        {!notDeployed && (
          <button type="button" className="button button-primary" onClick={() => void updateNow()}>
            {t('update.now')}
          </button>
        )}
      </div>
    </section>
  );
}
