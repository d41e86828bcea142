import { SLEEP_DISCLAIMER_DATE, type FamilyPresence, type FamilyResident } from '@vigil/contracts';
import type { SessionInfo } from '../../http/context.ts';
import { errors } from '../../http/errors.ts';
import type { LiveSamples } from '../monitor/live-samples.ts';
import type { FamilyRepository } from './family.repository.ts';

/** A sample older than this says nothing about now. */
const PRESENCE_FRESH_MS = 5 * 60_000;

/**
 * The family app (issue 28): a relative sees the residents whose emergency contact they are, in
 * their care home only, with where they are now (never live vital signs) and their latest night.
 */
export function familyService(deps: { repository: FamilyRepository; samples: Pick<LiveSamples, 'of'>; now: () => number }) {
  function presenceOf(providerId: number, resident: { id: number; away_since: number | null; away_until: number | null }, time: number): { presence: FamilyPresence; at: number | null } {
    if (resident.away_since !== null && resident.away_since <= time && (resident.away_until === null || resident.away_until > time)) return { presence: 'away', at: resident.away_since };
    const sample = deps.samples.of(providerId, resident.id);
    if (sample.sampleAt === null || time - sample.sampleAt > PRESENCE_FRESH_MS) return { presence: 'unknown', at: null };
    if (sample.bedState === 'out') return { presence: 'outOfBed', at: sample.sampleAt };
    if (sample.bedState === 'in' || sample.bedState === 'sitting' || sample.bedState === 'suspectedSitting') return { presence: 'inBed', at: sample.sampleAt };
    return { presence: 'unknown', at: null };
  }

  return {
    async residents(session: SessionInfo): Promise<FamilyResident[]> {
      const providerId = session.scope.homeProviderId;
      if (session.scope.role !== 'RELATIVES' || providerId === null) throw errors.noPermission();
      const time = deps.now();
      const rows = await deps.repository.residentsOfRelative(providerId, session.accountId);
      return Promise.all(
        rows.map(async (row) => {
          const night = await deps.repository.latestNight(providerId, row.id);
          const { presence, at } = presenceOf(providerId, row, time);
          return {
            residentId: row.id,
            name: row.name,
            presence,
            presenceAt: at,
            lastNight: night
              ? { date: night.report_date, score: night.score === null ? null : Math.round(night.score), sleepMinutes: Math.round(night.sleep_minutes), wakeUps: night.wake_ups, bedTime: night.bed_time, wakeTime: night.wake_time }
              : null,
            disclaimerDate: SLEEP_DISCLAIMER_DATE,
          };
        }),
      );
    },
  };
}
export type FamilyService = ReturnType<typeof familyService>;
