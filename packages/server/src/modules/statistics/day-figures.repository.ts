import { AGE_BANDS, ageBand, DEVICE_TYPES, SLEEP_SCORE_BANDS, STATISTICS_BATTERY_LOW_PERCENT, type AgeBand, type SleepScoreBand } from '@vigil/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** One provider's real figures for one local day: what a snapshot stores (JSON). */
export interface DayFigures {
  /** away and ageBands: snapshots written before they existed read as 0 and no bands. */
  residents: { residents: number; beds: number; occupiedBeds: number; checkIns: number; checkOuts: number; away?: number; ageBands?: { band: AgeBand; residents: number }[] };
  devices: { total: number; online: number; offline: number; batteryLow: number; byKind: { kind: string; total: number; online: number; offline: number; batteryLow: number }[] };
  nursing: { caregivers: number; assignedResidents: number; unassignedResidents: number; busiestCaregiverResidents: number; alarmsHandled: number };
  alerts: { raised: number; handled: number; pending: number; level1: number; level2: number; byType: { alertType: string; level1: number; level2: number }[]; responseMedianMs: number | null; responseP90Ms: number | null };
  sleep: { reports: number; averageScore: number | null; scoreBands: { band: SleepScoreBand; residents: number }[]; ahiRisk: number; afRisk: number };
  communities: { areaId: number; name: string; residents: number; beds: number; occupiedBeds: number; devices: number; devicesOnline: number; alarms: number }[];
  /** Written late for a day missed while the server was down: flows are the day's, stocks as they stood when written. */
  backfilled?: boolean;
}

/** The day a snapshot covers: its local date and [from, to) in epoch ms. */
export interface DayWindow {
  date: string;
  from: number;
  to: number;
}

const KIND_OF_TYPE = new Map(DEVICE_TYPES.map((info) => [info.type, info.kind]));
/** Apnea counts from AHI 5 (spec 02 §9: under 5 none). */
const AHI_RISK_FROM = 5;

/** The nearest-rank percentile of sorted values (null when empty). */
export function percentile(sorted: readonly number[], share: number): number | null {
  if (sorted.length === 0) return null;
  const rank = Math.max(1, Math.ceil(share * sorted.length));
  return sorted[rank - 1];
}

/** The score band a sleep score falls in. */
export function scoreBand(score: number): SleepScoreBand {
  if (score >= 90) return '90-100';
  if (score >= 80) return '80-89';
  if (score >= 70) return '70-79';
  if (score >= 60) return '60-69';
  return '0-59';
}

const n = (value: unknown): number => Number(value ?? 0);

/** Whole years from a YYYY-MM-DD birth date to a YYYY-MM-DD day. */
export function ageOn(birthDate: string, date: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number);
  const [y, m, d] = date.split('-').map(Number);
  return Math.max(0, y - by - (m < bm || (m === bm && d < bd) ? 1 : 0));
}

/**
 * Counts one provider's day from the care tables (residents, beds, devices, caregivers, alarms,
 * daily reports). Stocks (residents, beds, devices online, pending alarms) are as they are when it
 * runs, at the 00:00 that ends the day; flows (check-ins, alarms, handling, reports) are the day's.
 */
export function dayFiguresRepository(db: Db) {
  async function residentFigures(providerIds: readonly number[], day: DayWindow) {
    const row = await db
      .selectFrom('residents')
      .where('provider_id', 'in', [...providerIds])
      .select([
        sql<number>`sum(case when state = 'admitted' then 1 else 0 end)`.as('residents'),
        sql<number>`sum(case when state = 'admitted' and bed_id is not null then 1 else 0 end)`.as('occupied'),
        sql<number>`sum(case when check_in_at >= ${day.from} and check_in_at < ${day.to} then 1 else 0 end)`.as('check_ins'),
        sql<number>`sum(case when check_out_at >= ${day.from} and check_out_at < ${day.to} then 1 else 0 end)`.as('check_outs'),
        // Away at the 00:00 that ends the day: an absence begun before it and not ended by a planned return.
        sql<number>`sum(case when state = 'admitted' and away_since is not null and away_since < ${day.to} and (away_until is null or away_until > ${day.to}) then 1 else 0 end)`.as('away'),
      ])
      .executeTakeFirst();
    const beds = await db.selectFrom('beds').where('provider_id', 'in', [...providerIds]).select((eb) => eb.fn.countAll<number>().as('beds')).executeTakeFirst();
    const births = await db.selectFrom('residents').where('provider_id', 'in', [...providerIds]).where('state', '=', 'admitted').select('birth_date').execute();
    const bands = new Map<AgeBand, number>(AGE_BANDS.map((band) => [band, 0]));
    for (const { birth_date } of births) {
      const band = ageBand(ageOn(birth_date, day.date));
      bands.set(band, (bands.get(band) ?? 0) + 1);
    }
    return {
      residents: n(row?.residents), beds: n(beds?.beds), occupiedBeds: n(row?.occupied), checkIns: n(row?.check_ins), checkOuts: n(row?.check_outs),
      away: n(row?.away), ageBands: AGE_BANDS.map((band) => ({ band, residents: bands.get(band) ?? 0 })),
    };
  }

  async function deviceFigures(providerIds: readonly number[]) {
    const rows = await db
      .selectFrom('devices')
      .where('provider_id', 'in', [...providerIds])
      .groupBy('device_type')
      .select([
        'device_type',
        (eb) => eb.fn.countAll<number>().as('total'),
        sql<number>`sum(case when online = 1 then 1 else 0 end)`.as('online'),
        sql<number>`sum(case when battery is not null and battery <= ${STATISTICS_BATTERY_LOW_PERCENT} then 1 else 0 end)`.as('battery_low'),
      ])
      .execute();
    const byKind = new Map<string, { kind: string; total: number; online: number; offline: number; batteryLow: number }>();
    for (const row of rows) {
      const kind = KIND_OF_TYPE.get(row.device_type) ?? 'other';
      const entry = byKind.get(kind) ?? { kind, total: 0, online: 0, offline: 0, batteryLow: 0 };
      entry.total += n(row.total);
      entry.online += n(row.online);
      entry.offline += n(row.total) - n(row.online);
      entry.batteryLow += n(row.battery_low);
      byKind.set(kind, entry);
    }
    const kinds = [...byKind.values()].sort((a, b) => a.kind.localeCompare(b.kind));
    const sum = (pick: (entry: (typeof kinds)[number]) => number) => kinds.reduce((total, entry) => total + pick(entry), 0);
    return { total: sum((e) => e.total), online: sum((e) => e.online), offline: sum((e) => e.offline), batteryLow: sum((e) => e.batteryLow), byKind: kinds };
  }

  async function nursingFigures(providerIds: readonly number[], residents: number) {
    const caregivers = await db.selectFrom('caregivers').where('provider_id', 'in', [...providerIds]).select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirst();
    const loads = await db
      .selectFrom('resident_caregivers as rc')
      .innerJoin('residents as r', 'r.id', 'rc.resident_id')
      .where('rc.provider_id', 'in', [...providerIds])
      .where('r.state', '=', 'admitted')
      .groupBy('rc.caregiver_id')
      .select((eb) => eb.fn.countAll<number>().as('residents'))
      .execute();
    const assigned = await db
      .selectFrom('resident_caregivers as rc')
      .innerJoin('residents as r', 'r.id', 'rc.resident_id')
      .where('rc.provider_id', 'in', [...providerIds])
      .where('r.state', '=', 'admitted')
      .select(sql<number>`count(distinct rc.resident_id)`.as('count'))
      .executeTakeFirst();
    const assignedResidents = n(assigned?.count);
    return {
      caregivers: n(caregivers?.count),
      assignedResidents,
      unassignedResidents: Math.max(0, residents - assignedResidents),
      busiestCaregiverResidents: loads.reduce((most, row) => Math.max(most, n(row.residents)), 0),
    };
  }

  async function alertFigures(providerIds: readonly number[], day: DayWindow) {
    const raised = await db
      .selectFrom('alarms')
      .where('provider_id', 'in', [...providerIds])
      .where('raised_at', '>=', day.from)
      .where('raised_at', '<', day.to)
      .groupBy(['alert_type', 'alert_level'])
      .select(['alert_type', 'alert_level', (eb) => eb.fn.countAll<number>().as('count')])
      .execute();
    const handled = await db
      .selectFrom('alarms')
      .where('provider_id', 'in', [...providerIds])
      .where('deal_state', '=', 'processed')
      .where('deal_time', '>=', day.from)
      .where('deal_time', '<', day.to)
      .select('response_ms')
      .execute();
    const pending = await db
      .selectFrom('alarms')
      .where('provider_id', 'in', [...providerIds])
      .where('deal_state', '=', 'unDeal')
      .where('relieved', '=', 0)
      .where('raised_at', '<', day.to)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirst();
    const byType = new Map<string, { alertType: string; level1: number; level2: number }>();
    let level1 = 0;
    let level2 = 0;
    for (const row of raised) {
      const entry = byType.get(row.alert_type) ?? { alertType: row.alert_type, level1: 0, level2: 0 };
      if (row.alert_level === 1) {
        entry.level1 += n(row.count);
        level1 += n(row.count);
      } else {
        entry.level2 += n(row.count);
        level2 += n(row.count);
      }
      byType.set(row.alert_type, entry);
    }
    const times = handled.map((row) => row.response_ms).filter((ms): ms is number => ms !== null).map(Number).sort((a, b) => a - b);
    return {
      raised: level1 + level2,
      handled: handled.length,
      pending: n(pending?.count),
      level1,
      level2,
      byType: [...byType.values()].sort((a, b) => b.level1 + b.level2 - (a.level1 + a.level2) || a.alertType.localeCompare(b.alertType)),
      responseMedianMs: percentile(times, 0.5),
      responseP90Ms: percentile(times, 0.9),
    };
  }

  async function sleepFigures(providerIds: readonly number[], day: DayWindow) {
    const rows = await db
      .selectFrom('daily_reports')
      .where('provider_id', 'in', [...providerIds])
      .where('report_date', '=', day.date)
      .where('analysed', '=', 1)
      .select(['score', 'ahi', 'af_grade'])
      .execute();
    const bands = new Map<SleepScoreBand, number>(SLEEP_SCORE_BANDS.map((band) => [band, 0]));
    const scores = rows.map((row) => row.score).filter((score): score is number => score !== null);
    for (const score of scores) bands.set(scoreBand(score), (bands.get(scoreBand(score)) ?? 0) + 1);
    return {
      reports: rows.length,
      averageScore: scores.length === 0 ? null : Math.round((scores.reduce((a, b) => a + b, 0) / scores.length) * 10) / 10,
      scoreBands: SLEEP_SCORE_BANDS.map((band) => ({ band, residents: bands.get(band) ?? 0 })),
      ahiRisk: rows.filter((row) => row.ahi !== null && Number(row.ahi) >= AHI_RISK_FROM).length,
      afRisk: rows.filter((row) => row.af_grade !== null && row.af_grade !== 'none').length,
    };
  }

  async function communityFigures(providerIds: readonly number[], day: DayWindow) {
    const areas = await db.selectFrom('areas').where('provider_id', 'in', [...providerIds]).where('level', '=', 1).select(['id', 'name']).orderBy('name').execute();
    if (areas.length === 0) return [];
    // bed → room → floor → area
    const beds = await db
      .selectFrom('beds as b')
      .innerJoin('rooms as r', 'r.id', 'b.room_id')
      .innerJoin('areas as f', 'f.id', 'r.floor_id')
      .leftJoin('residents as res', (join) => join.onRef('res.bed_id', '=', 'b.id').on('res.state', '=', 'admitted'))
      .where('b.provider_id', 'in', [...providerIds])
      .groupBy('f.parent_id')
      .select(['f.parent_id as area_id', (eb) => eb.fn.countAll<number>().as('beds'), sql<number>`count(res.id)`.as('occupied')])
      .execute();
    const devices = await db
      .selectFrom('devices as d')
      .leftJoin('beds as b', 'b.id', 'd.bed_id')
      .innerJoin('rooms as r', (join) => join.on(sql<boolean>`r.id = coalesce(d.room_id, b.room_id)`))
      .innerJoin('areas as f', 'f.id', 'r.floor_id')
      .where('d.provider_id', 'in', [...providerIds])
      .groupBy('f.parent_id')
      .select(['f.parent_id as area_id', (eb) => eb.fn.countAll<number>().as('devices'), sql<number>`sum(case when d.online = 1 then 1 else 0 end)`.as('online')])
      .execute();
    const alarms = await db
      .selectFrom('alarms')
      .where('provider_id', 'in', [...providerIds])
      .where('raised_at', '>=', day.from)
      .where('raised_at', '<', day.to)
      .where('area_id', 'is not', null)
      .groupBy('area_id')
      .select(['area_id', (eb) => eb.fn.countAll<number>().as('alarms')])
      .execute();
    const byArea = <T extends { area_id: number | null }>(rows: T[]) => new Map(rows.map((row) => [Number(row.area_id), row]));
    const bedRows = byArea(beds);
    const deviceRows = byArea(devices);
    const alarmRows = byArea(alarms);
    return areas.map((area) => ({
      areaId: area.id,
      name: area.name,
      residents: n(bedRows.get(area.id)?.occupied),
      beds: n(bedRows.get(area.id)?.beds),
      occupiedBeds: n(bedRows.get(area.id)?.occupied),
      devices: n(deviceRows.get(area.id)?.devices),
      devicesOnline: n(deviceRows.get(area.id)?.online),
      alarms: n(alarmRows.get(area.id)?.alarms),
    }));
  }

  return {
    /** The provider's figures for the day. */
    /** The day's figures of the providers together: a class II home alone, or a class I group with its homes. */
    async compute(providerIds: readonly number[], day: DayWindow): Promise<DayFigures> {
      const residents = await residentFigures(providerIds, day);
      const devices = await deviceFigures(providerIds);
      const alerts = await alertFigures(providerIds, day);
      const nursing = await nursingFigures(providerIds, residents.residents);
      return {
        residents,
        devices,
        nursing: { ...nursing, alarmsHandled: alerts.handled },
        alerts,
        sleep: await sleepFigures(providerIds, day),
        communities: await communityFigures(providerIds, day),
      };
    },
  };
}
export type DayFiguresRepository = ReturnType<typeof dayFiguresRepository>;
