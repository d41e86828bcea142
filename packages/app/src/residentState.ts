import type { CaredResident } from '@vigil/contracts';

/** The label a resident's card shows (spec 02 §4 sleep states), as the console's board reads them. */
export type ResidentStateKey =
  | 'state.awake' | 'state.fallingAsleep' | 'state.lightSleep' | 'state.deepSleep' | 'state.inBed' | 'state.suspectedSitting'
  | 'state.sitting' | 'state.outOfBed' | 'state.sensorDropped' | 'state.noData' | 'care.residents.offline' | 'care.residents.noDevice';

type LiveFields = Pick<CaredResident, 'deviceOnline' | 'bedState' | 'sleepState' | 'devices'>;

/** What the card says: offline, no device, the bed state, or the sleep state while in bed. */
export function residentStateKey(resident: LiveFields): ResidentStateKey {
  if (resident.deviceOnline === false) return 'care.residents.offline';
  if (resident.devices.length === 0) return 'care.residents.noDevice';
  switch (resident.bedState) {
    case null:
      return 'state.noData';
    case 'out':
      return 'state.outOfBed';
    case 'dropped':
      return 'state.sensorDropped';
    case 'sitting':
      return 'state.sitting';
    case 'suspectedSitting':
      return 'state.suspectedSitting';
    case 'in':
      switch (resident.sleepState) {
        case 'awake':
          return 'state.awake';
        case 'fallingAsleep':
          return 'state.fallingAsleep';
        case 'light':
          return 'state.lightSleep';
        case 'deep':
          return 'state.deepSleep';
        default:
          return 'state.inBed';
      }
  }
}

/**
 * Heart and breathing rates worth showing: only while someone lies on the sensor and the
 * device measured them (0 means not measured); out of bed there are none.
 */
export function residentVitals(resident: Pick<CaredResident, 'deviceOnline' | 'bedState' | 'hr' | 'rr'>): { hr: number | null; rr: number | null } {
  const lying = resident.deviceOnline !== false && resident.bedState !== null && resident.bedState !== 'out' && resident.bedState !== 'dropped';
  const measured = (value: number | null) => (lying && value !== null && value > 0 ? Math.round(value) : null);
  return { hr: measured(resident.hr), rr: measured(resident.rr) };
}
