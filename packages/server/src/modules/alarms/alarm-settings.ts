import {
  ALARM_GROUPS,
  AlarmGroupLevelsSchema,
  DEFAULT_ALERT_LEVEL_SETTING,
  ResidentAlarmSettingsSchema,
  settingsFromCommunityConfig,
  VoiceSettingSchema,
  type AlarmGroup,
  type AlertLevelSetting,
  type ResidentAlarmSettings,
  type VoiceSetting,
} from '@vigil/contracts';
import type { SessionInfo } from '../../http/context.ts';
import { errors } from '../../http/errors.ts';
import { assertOwned, workingProviderId } from '../../tenancy/care-provider.ts';
import { absenceOf } from '../residents/resident.presenter.ts';
import type { AlarmSettingsRepository } from './alarm-settings.repository.ts';

/**
 * The groups a sleep monitor raises about the person in the bed: off while the resident is
 * temporarily away (spec 02 §7 /user/transient/post). Device health (offline, low power), room
 * sensors, falls and the resident's own SOS/badge keep raising: someone else may be in the room.
 */
export const BED_ALARM_GROUPS: readonly AlarmGroup[] = ['leftBed', 'breathStop', 'heartBreathException', 'bodyMove', 'sitUp', 'goToBed', 'noTurnOver'];

/** The settings with the bed groups switched off. */
export function withoutBedAlarms(settings: ResidentAlarmSettings): ResidentAlarmSettings {
  const enabled = { ...settings.enabled };
  for (const group of BED_ALARM_GROUPS) enabled[group] = false;
  return { ...settings, enabled };
}

/** How long a process keeps a provider's levels before reading them again (another process may have saved). */
const LEVEL_CACHE_MS = 10_000;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Rules for the provider's alarm levels and residents' alarm settings (SQL in alarm-settings.repository.ts). */
export function alarmSettings(repository: AlarmSettingsRepository, now: () => number) {
  const levelCache = new Map<number, { value: AlertLevelSetting; at: number }>();
  const residentListeners = new Set<(residentId: number) => void>();

  async function readLevels(providerId: number): Promise<AlertLevelSetting> {
    const row = await repository.findLevels(providerId);
    if (!row) return DEFAULT_ALERT_LEVEL_SETTING;
    const levels = AlarmGroupLevelsSchema.safeParse({ ...DEFAULT_ALERT_LEVEL_SETTING.levels, ...(parseJson(row.levels) ?? {}) });
    const l1 = VoiceSettingSchema.safeParse(parseJson(row.voice_l1));
    const l2 = VoiceSettingSchema.safeParse(parseJson(row.voice_l2));
    return {
      levels: levels.success ? levels.data : DEFAULT_ALERT_LEVEL_SETTING.levels,
      alertTypeL1: l1.success ? l1.data : DEFAULT_ALERT_LEVEL_SETTING.alertTypeL1,
      alertTypeL2: l2.success ? l2.data : DEFAULT_ALERT_LEVEL_SETTING.alertTypeL2,
      escalationMinutes: row.escalation_minutes,
      saved: true,
    };
  }

  /** The community (level-1 area) of a resident's bed, for its alarm config. */
  async function communitySettings(providerId: number, residentId: number): Promise<{ settings: ResidentAlarmSettings; fromCommunity: boolean }> {
    const value = await repository.communityConfigOf(providerId, residentId);
    const config = value !== undefined ? parseJson(value) : null;
    if (!config || typeof config !== 'object') return { settings: settingsFromCommunityConfig(null), fromCommunity: false };
    return { settings: settingsFromCommunityConfig(config as Record<string, string | number | boolean | null>), fromCommunity: true };
  }

  async function ownSettings(residentId: number): Promise<ResidentAlarmSettings | null> {
    const settings = await repository.findResidentSettings(residentId);
    if (settings === undefined) return null;
    const parsed = ResidentAlarmSettingsSchema.safeParse(parseJson(settings));
    return parsed.success ? parsed.data : null;
  }

  async function residentView(providerId: number, residentId: number) {
    const community = await communitySettings(providerId, residentId);
    const own = await ownSettings(residentId);
    return {
      userId: residentId,
      settings: own ?? community.settings,
      source: own ? ('resident' as const) : community.fromCommunity ? ('community' as const) : ('default' as const),
      community: community.settings,
    };
  }

  async function ownedResident(session: SessionInfo, residentId: number): Promise<number> {
    const providerId = workingProviderId(session.scope);
    const resident = await repository.findResident(residentId);
    assertOwned(resident, providerId, 'common.notFound');
    return providerId;
  }

  return {
    /** Levels of a provider, cached briefly (raising alarms reads them often). */
    async levelsOf(providerId: number): Promise<AlertLevelSetting> {
      const cached = levelCache.get(providerId);
      if (cached && now() - cached.at < LEVEL_CACHE_MS) return cached.value;
      const value = await readLevels(providerId);
      levelCache.set(providerId, { value, at: now() });
      return value;
    },

    async queryLevels(session: SessionInfo): Promise<AlertLevelSetting> {
      return readLevels(workingProviderId(session.scope));
    },

    async saveLevels(session: SessionInfo, input: { levels: AlertLevelSetting['levels']; alertTypeL1: VoiceSetting; alertTypeL2: VoiceSetting; escalationMinutes: number }): Promise<AlertLevelSetting> {
      const providerId = workingProviderId(session.scope);
      const levels = Object.fromEntries(ALARM_GROUPS.map((group) => [group, input.levels[group]]));
      const values = {
        levels: JSON.stringify(levels),
        voice_l1: JSON.stringify(input.alertTypeL1),
        voice_l2: JSON.stringify(input.alertTypeL2),
        escalation_minutes: input.escalationMinutes,
        updated_at: now(),
      };
      await repository.saveLevels(providerId, values);
      levelCache.delete(providerId);
      return readLevels(providerId);
    },

    /**
     * The settings the rules use for a resident (their own, else the community's, else the
     * defaults), with the bed groups off while they are temporarily away.
     */
    async effectiveFor(providerId: number, residentId: number): Promise<ResidentAlarmSettings> {
      const settings = (await residentView(providerId, residentId)).settings;
      const row = await repository.findAbsence(residentId);
      return row && absenceOf(row, now()) ? withoutBedAlarms(settings) : settings;
    },

    /** Tells this process's listeners that a resident's effective settings changed (an absence started or ended). */
    residentChanged(residentId: number): void {
      for (const listener of residentListeners) listener(residentId);
    },

    async getResident(session: SessionInfo, residentId: number) {
      const providerId = await ownedResident(session, residentId);
      return residentView(providerId, residentId);
    },

    async saveResident(session: SessionInfo, input: { userId: number; settings?: ResidentAlarmSettings; reset?: boolean }) {
      const providerId = await ownedResident(session, input.userId);
      if (input.reset) {
        await repository.deleteResidentSettings(input.userId);
      } else {
        if (!input.settings) throw errors.invalidField('settings', 'validation.required');
        const values = { settings: JSON.stringify(input.settings), updated_at: now() };
        await repository.saveResidentSettings(input.userId, providerId, values);
      }
      for (const listener of residentListeners) listener(input.userId);
      return residentView(providerId, input.userId);
    },

    /** Calls the listener when a resident's settings are saved or reset in this process. */
    onResidentChange(listener: (residentId: number) => void): void {
      residentListeners.add(listener);
    },
  };
}
export type AlarmSettings = ReturnType<typeof alarmSettings>;
