import {
  alarmDealMany,
  alarmDealStatus,
  FOLLOW_UPS,
  formatAlarmText,
  RELEASE_CHOICES,
  REMARK_MAX,
  Status,
  type AlarmRecord,
  type FollowUp,
  type ReleaseChoice,
} from '@vigil/contracts';
import { useEffect, useRef, useState } from 'react';
import { ApiError, callApi } from '../api.ts';
import { alarmLongText } from '../alarmText.ts';
import { currentLanguage, useT } from '../i18n.ts';

/** Status codes meaning someone else handled the alarm first (as in the console's dialog). */
const ALREADY_HANDLED = new Set<number>([409, Status.CONFLICT]);

export interface HandleSheetProps {
  /** The alarms to handle: one, or those chosen together (issue 25: bulk handling in the app as in the console). */
  alarms: readonly AlarmRecord[];
  /** Chosen together from the selection: sent as one bulk request, whatever their number. */
  bulk: boolean;
  /** How many of the chosen alarms were handled or released elsewhere while the sheet was open. */
  goneElsewhere: number;
  onClose: () => void;
  /** The alarms now handled (here or, as the server found, elsewhere): they leave the list. */
  onHandled: (ids: readonly number[]) => void;
  /** After a bulk request: how many alarms it handled here. */
  onBulkAnswer?: (handled: number) => void;
}

/**
 * The handling sheet: one release choice, an optional follow-up and remark, then Submit. For
 * several alarms it sends them in one request (at most BULK_HANDLE_MAX, which the selection
 * keeps to); the server checks each and records each as handled by this caregiver, and the
 * sheet says how many it could not handle because someone else had.
 */
export function HandleSheet({ alarms, bulk, goneElsewhere, onClose, onHandled, onBulkAnswer }: HandleSheetProps) {
  const t = useT();
  const language = currentLanguage();
  const [release, setRelease] = useState<ReleaseChoice | null>(null);
  const [followUp, setFollowUp] = useState<FollowUp | null>(null);
  const [remark, setRemark] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [elsewhere, setElsewhere] = useState(false);
  const [refused, setRefused] = useState(0);
  const many = bulk;
  const gone = many ? alarms.length === 0 : goneElsewhere > 0 || elsewhere;
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);

  const submitOne = async (alarm: AlarmRecord, choice: ReleaseChoice) => {
    try {
      await callApi(alarmDealStatus, { id: alarm.id, dealOption: choice, followUp, remark: remark.trim() || null });
      onHandled([alarm.id]);
      onClose();
    } catch (caught) {
      if (caught instanceof ApiError && ALREADY_HANDLED.has(caught.status)) {
        setElsewhere(true);
        onHandled([alarm.id]);
      } else {
        throw caught;
      }
    }
  };

  const submitMany = async (choice: ReleaseChoice) => {
    const answer = await callApi(alarmDealMany, { ids: alarms.map((alarm) => alarm.id), dealOption: choice, followUp, remark: remark.trim() || null });
    onHandled([...answer.handled.map((alarm) => alarm.id), ...answer.refused.map((entry) => entry.id)]);
    onBulkAnswer?.(answer.handled.length);
    if (answer.refused.length === 0) onClose();
    else setRefused(answer.refused.length);
  };

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
      if (many) await submitMany(release);
      else if (alarms[0]) await submitOne(alarms[0], release);
    } catch (caught) {
      setError(caught instanceof ApiError && caught.message ? caught.message : t('login.network'));
    } finally {
      setBusy(false);
    }
  };

  const closeButton = (
    <button type="button" className="button button-primary button-block" onClick={onClose}>
      {t('common.close')}
    </button>
  );

  return (
    <dialog ref={dialog} className="sheet" aria-labelledby="handle-title" onCancel={onClose}>
      <h2 id="handle-title">{many ? t('care.handle.titleMany', { count: alarms.length }) : t('care.handle.title')}</h2>
      {many ? (
        <ul className="sheet-list" aria-label={t('care.handle.chosen')}>
          {alarms.map((alarm) => (
            <li key={alarm.id}>
              <strong>{formatAlarmText(language, alarm.shortKey) || alarm.alertType}</strong> {[alarm.userName, alarm.address].filter(Boolean).join(' · ')}
            </li>
          ))}
        </ul>
      ) : alarms[0] ? (
        <p>{alarmLongText(language, alarms[0])}</p>
      ) : null}
      {many && goneElsewhere > 0 && (
        <p className="banner banner-warn" role="alert">
          {t('care.handle.someGone', { count: goneElsewhere })}
        </p>
      )}
      {refused > 0 && (
        <p className="banner banner-warn" role="alert">
          {t('care.handle.manyRefused', { count: refused })}
        </p>
      )}
      {gone || refused > 0 ? (
        <>
          {!many && (
            <p className="banner banner-warn" role="alert">
              {t('care.handle.alreadyHandled')}
            </p>
          )}
          {closeButton}
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
              {many ? t('care.handle.submitMany', { count: alarms.length }) : t('care.handle.submit')}
            </button>
          </div>
        </>
      )}
    </dialog>
  );
}
