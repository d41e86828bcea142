import { familyResidents, SLEEP_SCORE_MAX, type FamilyResident } from '@vigil/contracts';
import { useEffect, useState } from 'react';
import { ApiError, callApi } from '../api.ts';
import { currentLanguage, useT, type MessageKey } from '../i18n.ts';
import { FamilyAlerts } from './FamilyAlerts.tsx';

/** How often the page asks again (presence changes; the report once a morning). */
const REFRESH_MS = 60_000;

const PRESENCE_KEYS: Record<FamilyResident['presence'], MessageKey> = {
  inBed: 'family.presence.inBed',
  outOfBed: 'family.presence.outOfBed',
  away: 'family.presence.away',
  unknown: 'family.presence.unknown',
};

function clock(ms: number | null): string {
  if (ms === null) return '—';
  return new Intl.DateTimeFormat(currentLanguage(), { hour: '2-digit', minute: '2-digit' }).format(ms);
}

/** A night in plain words: how long asleep, the score, the wake-ups, when to bed and up. */
function NightSummary({ night }: { night: NonNullable<FamilyResident['lastNight']> }) {
  const t = useT();
  const hours = Math.floor(night.sleepMinutes / 60);
  const minutes = night.sleepMinutes % 60;
  const date = new Intl.DateTimeFormat(currentLanguage(), { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(Date.parse(`${night.date}T12:00:00Z`));
  return (
    <div className="family-night">
      <p className="muted">{t('family.night.title', { date })}</p>
      <p>{t('family.night.slept', { hours, minutes })}</p>
      {night.score !== null ? <p>{t('family.night.score', { score: night.score, max: SLEEP_SCORE_MAX })}</p> : <p className="muted">{t('family.night.noScore')}</p>}
      {night.wakeUps !== null ? <p>{t('family.night.wakeUps', { count: night.wakeUps })}</p> : null}
      {night.bedTime !== null && night.wakeTime !== null ? <p>{t('family.night.times', { bed: clock(night.bedTime), up: clock(night.wakeTime) })}</p> : null}
    </div>
  );
}

/** Relative: their own resident only, last night in plain words and where they are now (issue 28; docs/app.md "Relatives"). */
export function FamilyHome() {
  const t = useT();
  const [residents, setResidents] = useState<FamilyResident[] | null>(null);
  const [failed, setFailed] = useState('');

  useEffect(() => {
    let stopped = false;
    const load = async () => {
      try {
        const answer = await callApi(familyResidents, {});
        if (!stopped) {
          setResidents(answer);
          setFailed('');
        }
      } catch (error) {
        if (!stopped) setFailed(error instanceof ApiError && error.message ? error.message : t('family.loadFailed'));
      }
    };
    void load();
    const timer = setInterval(() => void load(), REFRESH_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [t]);

  return (
    <main className="screen">
      <h1>{t('family.title')}</h1>
      {failed && (
        <p className="error" role="alert">
          {failed}
        </p>
      )}
      {residents === null && !failed ? <p className="muted">{t('common.loading')}</p> : null}
      {residents !== null && residents.length === 0 ? <p className="muted">{t('family.empty')}</p> : null}
      <ul className="cards">
        {(residents ?? []).map((resident) => (
          <li key={resident.residentId} className="card">
            <div className="card-row">
              <h2 className="card-title">{resident.name}</h2>
              <span className={resident.presence === 'unknown' ? 'tag tag-grey' : 'tag'}>{t(PRESENCE_KEYS[resident.presence])}</span>
            </div>
            {resident.presenceAt !== null && resident.presence !== 'unknown' ? <p className="muted">{t('family.presence.since', { time: clock(resident.presenceAt) })}</p> : null}
            {resident.lastNight ? <NightSummary night={resident.lastNight} /> : <p className="muted">{t('family.night.none')}</p>}
            <p className="muted small">{t('family.disclaimer', { date: resident.disclaimerDate.replaceAll('-', '/') })}</p>
          </li>
        ))}
      </ul>
      {residents !== null && residents.length > 0 ? <FamilyAlerts /> : null}
    </main>
  );
}
