import { appUpdateCheck, UPDATE_CHECK_INTERVAL_MS } from '@vigil/contracts';
import { useEffect, useRef, useState } from 'react';
import { callApi } from '../api.ts';
import { useT } from '../i18n.ts';
import { appPlatform, hidePrompt, newH5Deployed, reloadIntoUpdate, shouldPrompt, type UpdateAnswer } from '../update.ts';

/** Seconds a forced update waits before reloading by itself (when its H5 is deployed: update.ts). */
const FORCED_RELOAD_S = 10;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The update check (spec 02 §9): asks every 10 minutes; a prompt for a newer published
 * version, which can be hidden for 7 days unless forced; a forced one reloads into it.
 */
export function UpdatePrompt() {
  const t = useT();
  const [answer, setAnswer] = useState<UpdateAnswer | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);

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
    const element = dialog.current;
    if (answer && element && !element.open) element.showModal();
    if (!answer?.force) return;
    const timer = window.setTimeout(() => void newH5Deployed().then((deployed) => (deployed ? reloadIntoUpdate() : undefined)), FORCED_RELOAD_S * 1000);
    return () => window.clearTimeout(timer);
  }, [answer]);

  if (!answer?.latest) return null;
  return (
    <dialog ref={dialog} className="sheet" aria-labelledby="update-title" onCancel={(event) => answer.force && event.preventDefault()}>
      <h2 id="update-title">{t('update.title')}</h2>
      <p>{t('update.body', { version: answer.latest.versionName })}</p>
      {answer.latest.updateLog && <p className="muted pre">{answer.latest.updateLog}</p>}
      {answer.force && <p className="banner banner-warn">{t('update.forced')}</p>}
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
        <button type="button" className="button button-primary" onClick={() => void reloadIntoUpdate()}>
          {t('update.now')}
        </button>
      </div>
    </dialog>
  );
}
