import type { ColumnType, Generated } from 'kysely';

/** Booleans are stored as 0/1 integers so both dialects share one schema. */
export type Flag = 0 | 1;

export interface ProvidersTable {
  id: Generated<number>;
  name: string;
  /** Lower-cased name: the uniqueness key. */
  name_key: string;
  code: string | null;
  domain: string;
  level: 1 | 2;
  parent_id: number | null;
  enabled: Flag;
  created_at: number;
  updated_at: number;
  /** Set when deleted: hidden everywhere, restorable until the purge (epoch ms). */
  deleted_at: number | null;
  /** IANA time zone of the care home (migration 013); null uses the platform's. */
  time_zone: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface AccountsTable {
  id: Generated<number>;
  user_name: string;
  /** Lower-cased login name: the uniqueness key. */
  user_name_key: string;
  password_hash: string;
  role: string;
  nick_name: string;
  data_permission: number | null;
  provider_id: number | null;
  /** 1 for the login account made together with its provider. */
  is_provider_login: Flag;
  enabled: Flag;
  created_at: number;
  updated_at: number;
}

export interface SessionsTable {
  token_hash: string;
  account_id: number;
  current_provider_id: number | null;
  socket_key: string;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  revoked: Flag;
}

export interface LoginFailuresTable {
  key: string;
  count: number;
  first_failed_at: number;
  locked_until: number;
}

/** The scheduler's leader lease: one holder at a time, until expires_at. */
export interface SchedulerLeasesTable {
  name: string;
  holder: string;
  expires_at: number;
}

/** Fast-login signatures already used (SHA-256 of the signature), kept until they expire. */
export interface UsedSsoSignaturesTable {
  signature_hash: string;
  expires_at: number;
}

/** Sessions of deleted accounts, so their next call answers "account cancelled". */
export interface CancelledSessionsTable {
  token_hash: string;
  expires_at: number;
}

export interface SettingsTable {
  key: string;
  value: string;
}

/** Areas (level 1: building or community) and floors (level 2, parent = an area). */
export interface AreasTable {
  id: Generated<number>;
  provider_id: number;
  parent_id: number | null;
  /** parent_id, or 0 for areas: the sibling group of the uniqueness key (NULLs never collide in a unique index). */
  parent_key: number;
  level: 1 | 2;
  name: string;
  /** Lower-cased name: unique among siblings. */
  name_key: string;
  created_at: number;
  updated_at: number;
}

export interface RoomsTable {
  id: Generated<number>;
  provider_id: number;
  floor_id: number;
  name: string;
  name_key: string;
  created_at: number;
  updated_at: number;
}

export interface BedsTable {
  id: Generated<number>;
  provider_id: number;
  room_id: number;
  name: string;
  name_key: string;
  device_code: string | null;
  created_at: number;
  updated_at: number;
}

export interface ResidentsTable {
  id: Generated<number>;
  provider_id: number;
  name: string;
  name_key: string;
  /** 1 male, 0 female (spec 01 §3: stored as 0 or 1). */
  gender: Flag;
  /** YYYY-MM-DD */
  birth_date: string;
  height_cm: number | null;
  /** kg with at most one decimal. */
  weight_kg: number | null;
  /** Comma-separated medical history codes. */
  medical_history: string;
  remark: string;
  care_level: number | null;
  attention: Flag;
  /** notAdmitted | admitted | checkedOut | deregistered */
  state: string;
  check_in_at: number | null;
  check_out_at: number | null;
  deregistered_at: number | null;
  /** At most one resident per bed (unique index). */
  bed_id: number | null;
  /** Temporary absence (migration 022): away since, planned return (null: until marked back), reason, remark. */
  away_since: number | null;
  away_until: number | null;
  /** hospital | family | other */
  away_reason: string | null;
  away_remark: string | null;
  created_at: number;
  updated_at: number;
}

export interface ResidentContactsTable {
  id: Generated<number>;
  provider_id: number;
  resident_id: number;
  position: number;
  name: string;
  phone: string;
  relation: string;
  /** The RELATIVES account of this phone in this provider. */
  account_id: number | null;
}

export interface CaregiversTable {
  id: Generated<number>;
  provider_id: number;
  account_id: number;
  name: string;
  phone: string;
  job: string;
  id_number: string;
  relation: string;
  grade: string;
  created_at: number;
  updated_at: number;
}

export interface ResidentCaregiversTable {
  resident_id: number;
  caregiver_id: number;
  provider_id: number;
}

export interface GeofencesTable {
  id: Generated<number>;
  provider_id: number;
  area_id: number;
  name: string;
  center_lat: number;
  center_lng: number;
  radius_m: number;
  keyword: string;
  created_at: number;
  updated_at: number;
}

/** Per-provider or per-community JSON settings (kind: geofence, sleep, alarm). */
export interface CareConfigsTable {
  provider_id: number;
  /** 0 for provider-wide settings, else the area (community) id. */
  area_id: number;
  kind: string;
  value: string;
  updated_at: number;
}

/** A device in the vendor's stock (provider_id null) or added by a care home (spec 02 §3). */
export interface DevicesTable {
  id: Generated<number>;
  /** Plain device ID: digits, letters and hyphen. */
  device_id: string;
  /** The code printed as a QR code on the device. */
  cipher_id: string;
  device_type: number;
  /** Secret for the device protocol (MQTT password, HTTP bearer token). */
  device_key: string;
  /** The key before the last rotation: still accepted until previous_key_until unless the device confirmed the new one (null then). */
  previous_key: ColumnType<string | null, string | null | undefined, string | null>;
  previous_key_until: ColumnType<number | null, number | null | undefined, number | null>;
  key_rotated_at: ColumnType<number | null, number | null | undefined, number | null>;
  provider_id: number | null;
  added_at: number | null;
  imei: string | null;
  module_imei: string | null;
  iccid: string | null;
  comm_method: string | null;
  location: string;
  room_id: number | null;
  bed_id: number | null;
  resident_id: number | null;
  /** Gateway host (devices.id) of a sub-device. */
  host_id: number | null;
  /** Sub-device pairing: none | toPair | paired. */
  pairing: string;
  online: Flag;
  last_seen_at: number | null;
  online_changed_at: number | null;
  firmware_version: string | null;
  hardware_version: string | null;
  battery: number | null;
  signal: number | null;
  /** 1 mains or charger connected, 0 not, null unknown. */
  power: number | null;
  /** installed | removed | tampered */
  tamper: string | null;
  /** JSON of the type's settings (device-settings.ts), merged over the defaults. */
  settings: string;
  remark: string;
  created_at: number;
  updated_at: number;
  /** A host's open pairing window ends then (epoch ms); null when closed. */
  pairing_until: number | null;
  /** A sub-device reported an event after pairing (spec 02 §4: tested or under test). */
  tested: Generated<Flag>;
  /** A fall radar's real-time mode ends then (epoch ms); null when off. */
  realtime_until: number | null;
  /** Settings saved while offline, to send when the device returns. */
  settings_pending: Generated<Flag>;
  /** 1 when the vendor took it out of stock (repair, retired): care homes cannot add it (migration 007). */
  /** Defaults to 0 (in stock) on insert. */
  withheld: ColumnType<Flag, Flag | undefined, Flag>;
}

/** Recent device events for the install wizards (kept a day). */
export interface DeviceRecentEventsTable {
  id: Generated<number>;
  device_id: string;
  sub_device_id: string;
  sub_device_type: number | null;
  event_type: string;
  status: number;
  x: number | null;
  y: number | null;
  ts: number;
  received_at: number;
}

/** A command sent to a device and its answer (migration 007). */
export interface DeviceCommandsTable {
  /** The protocol command id the device's ack carries back. */
  id: string;
  /** devices.id */
  device_id: number;
  cmd: string;
  /** JSON of the command's args. */
  args: string;
  /** pending | acked | failed | timeout */
  state: string;
  sent_at: number;
  answered_at: number | null;
  message: string;
}

/** One night's sleep report of a resident (issue 11); unique per resident and report date. */
export interface DailyReportsTable {
  id: Generated<number>;
  provider_id: number;
  resident_id: number;
  /** Plain device ID of the sleep monitor read. */
  device_id: string;
  /** YYYY-MM-DD, local date (platform time zone) of the morning the night ended. */
  report_date: string;
  window_from: number;
  window_to: number;
  analysed: Flag;
  /** noData | tooLittleSleep when not analysed. */
  reason: string | null;
  score: number | null;
  sleep_minutes: number;
  time_in_bed_minutes: number | null;
  efficiency: number | null;
  deep_share: number | null;
  wake_ups: number | null;
  left_bed_count: number | null;
  body_movement_index: number | null;
  hr_mean: number | null;
  rr_mean: number | null;
  ahi: number | null;
  apnea_grade: string | null;
  af_grade: string | null;
  bed_time: number | null;
  wake_time: number | null;
  /** JSON of the NightAnalysis (contracts/reports). */
  analysis: string;
  created_at: number;
}

/** The monthly analysis of a resident's daily reports, remade with each daily report of the month. */
export interface MonthlyReportsTable {
  id: Generated<number>;
  provider_id: number;
  resident_id: number;
  /** YYYY-MM */
  month: string;
  nights: number;
  /** JSON of the MonthAnalysis. */
  analysis: string;
  updated_at: number;
}

/** Packed one-second samples of one device (ingest/telemetry-codec.ts), one row per open chunk of a writer. */
export interface TelemetryChunksTable {
  id: Generated<number>;
  device_id: string;
  writer: string;
  opened_at: number;
  start_at: number;
  end_at: number;
  sample_count: number;
  data: Buffer;
}

/** A status, event or ack message as a device sent it (original data). */
export interface DeviceMessagesTable {
  id: Generated<number>;
  device_id: string;
  channel: string;
  ts: number;
  received_at: number;
  payload: string;
}

/** A command waiting for a device that talks HTTP (answered with its next request). */
export interface DeviceCommandQueueTable {
  id: Generated<number>;
  device_id: string;
  command_id: string;
  message: string;
  created_at: number;
  expires_at: number;
}

/** An alarm record (migration 010): one open row per device and alert type (open_key). */
export interface AlarmsTable {
  id: Generated<number>;
  provider_id: number;
  device_id: string;
  device_type: number;
  alert_type: string;
  alarm_group: string;
  alert_level: number;
  /** deviceId|alertType while pending; NULL once handled or relieved. */
  open_key: string | null;
  resident_id: number | null;
  bed_id: number | null;
  room_id: number | null;
  floor_id: number | null;
  area_id: number | null;
  /** Names at the time it was raised. */
  user_name: string;
  bunk: string;
  room: string;
  floor_area: string;
  status: number;
  duration: number | null;
  raised_at: number;
  last_at: number;
  repeat_count: number;
  escalated_at: number | null;
  relieved: Flag;
  release_source: number;
  relieved_at: number | null;
  remove_reason: string | null;
  /** unDeal | processed */
  deal_state: string;
  handler_id: number | null;
  handler_name: string | null;
  deal_time: number | null;
  deal_option: string | null;
  follow_up: string | null;
  remark: string | null;
  response_ms: number | null;
  /** The device-log message (stream:partition:sequence) that raised or last repeated it; null outside the log (migration 025). */
  source_message: string | null;
}

/** A provider's alarm levels (JSON of group → 1|2) and voice settings per level. */
export interface AlarmLevelSettingsTable {
  provider_id: number;
  levels: string;
  voice_l1: string;
  voice_l2: string;
  escalation_minutes: number;
  updated_at: number;
}

/** A resident's own alarm settings (JSON of ResidentAlarmSettings). */
export interface ResidentAlarmSettingsTable {
  resident_id: number;
  provider_id: number;
  settings: string;
  updated_at: number;
}

/** The rule engine's state of one device (JSON of StoredRuleState, rules/rule-state-store.ts). */
/** A partition of the device log: its owner's lease and the last sequence handled (migration 025). */
export interface DeviceLogPartitionsTable {
  stream: string;
  partition: number;
  owner: string | null;
  lease_until: number;
  handled_seq: number;
}

/** A Vigil process consuming the device log, seen until then (its fair share of partitions counts them). */
export interface DeviceLogMembersTable {
  stream: string;
  member: string;
  seen_until: number;
}

export interface DeviceRuleStatesTable {
  device_id: string;
  device_type: number;
  state: string;
  updated_at: number;
}

/** A secret every process of the installation shares (RSA key pair, fast-login and device-code secrets). */
export interface ServerSecretsTable {
  name: string;
  value: string;
  created_at: number;
}

/** An uploaded file (a logo), served by every process from here. */
export interface UploadedFilesTable {
  name: string;
  content_type: string;
  data: Buffer;
  created_at: number;
}

export interface FocusResidentsTable {
  account_id: number;
  resident_id: number;
  provider_id: number;
  created_at: number;
}

/** The audit trail (migration 018, docs/audit.md): append-only. */
export interface AuditLogTable {
  id: Generated<number>;
  at: number;
  kind: string;
  operation: string;
  account_id: number | null;
  user_name: string;
  role: string | null;
  provider_id: number | null;
  address: string;
  request_id: string;
  record: string | null;
  changes: string;
}

export interface Database {
  audit_log: AuditLogTable;
  providers: ProvidersTable;
  accounts: AccountsTable;
  sessions: SessionsTable;
  login_failures: LoginFailuresTable;
  scheduler_leases: SchedulerLeasesTable;
  used_sso_signatures: UsedSsoSignaturesTable;
  cancelled_sessions: CancelledSessionsTable;
  settings: SettingsTable;
  areas: AreasTable;
  rooms: RoomsTable;
  beds: BedsTable;
  residents: ResidentsTable;
  resident_contacts: ResidentContactsTable;
  caregivers: CaregiversTable;
  resident_caregivers: ResidentCaregiversTable;
  geofences: GeofencesTable;
  care_configs: CareConfigsTable;
  devices: DevicesTable;
  device_recent_events: DeviceRecentEventsTable;
  device_commands: DeviceCommandsTable;
  daily_reports: DailyReportsTable;
  monthly_reports: MonthlyReportsTable;
  telemetry_chunks: TelemetryChunksTable;
  device_messages: DeviceMessagesTable;
  device_command_queue: DeviceCommandQueueTable;
  alarms: AlarmsTable;
  alarm_level_settings: AlarmLevelSettingsTable;
  resident_alarm_settings: ResidentAlarmSettingsTable;
  focus_residents: FocusResidentsTable;
  device_rule_states: DeviceRuleStatesTable;
  device_log_partitions: DeviceLogPartitionsTable;
  device_log_members: DeviceLogMembersTable;
  server_secrets: ServerSecretsTable;
  uploaded_files: UploadedFilesTable;
  release_files: ReleaseFilesTable;
  app_versions: AppVersionsTable;
  h5_versions: H5VersionsTable;
  app_h5_versions: AppH5VersionsTable;
  firmware_files: FirmwareFilesTable;
  firmware_packages: FirmwarePackagesTable;
  firmware_gray_devices: FirmwareGrayDevicesTable;
  firmware_upgrades: FirmwareUpgradesTable;
  analytics_settings: AnalyticsSettingsTable;
  handover_summaries: HandoverSummariesTable;
  statistics_snapshots: StatisticsSnapshotsTable;
  statistics_coefficients: StatisticsCoefficientsTable;
  government_providers: GovernmentProvidersTable;
}

/** An uploaded, checked firmware zip (migration 012, docs/firmware.md). */
export interface FirmwareFilesTable {
  id: string;
  file_name: string;
  size: number;
  md5: string;
  device_type: number;
  version: string;
  created_at: number;
}

export interface FirmwarePackagesTable {
  id: Generated<number>;
  file_id: string;
  device_type: number;
  version: string;
  status: string;
  remark: Generated<string>;
  created_at: number;
  published_at: number | null;
  halted_at: Generated<number | null>;
}

export interface FirmwareGrayDevicesTable {
  firmware_id: number;
  /** devices.id */
  device_id: number;
  added_at: number;
}

export interface FirmwareUpgradesTable {
  firmware_id: number;
  /** devices.id */
  device_id: number;
  state: string;
  progress: Generated<number>;
  command_id: string | null;
  message: Generated<string>;
  updated_at: number;
}

/** An uploaded app package or H5 file (migration 012, docs/releases.md); bytes live in the release store. */
export interface ReleaseFilesTable {
  id: string;
  file_name: string;
  size: number;
  md5: string;
  created_at: number;
}

export interface AppVersionsTable {
  id: Generated<number>;
  platform: string;
  version_name: string;
  /** Left-padded with zeros to 20 digits. */
  build_number: string;
  update_log: string;
  store_url: Generated<string>;
  file_id: string | null;
  force_upgrade: Generated<number>;
  status: string;
  uploaded_at: number;
  published_at: number | null;
}

export interface H5VersionsTable {
  id: Generated<number>;
  version: string;
  file_id: string;
  uploaded_at: number;
  /** saved | published | removed (migration 026); the newest published one is served at /app/. */
  status: Generated<string>;
  published_at: number | null;
}

export interface AppH5VersionsTable {
  app_version_id: number;
  h5_version_id: number;
}

/** A provider's shifts and response target (migration 014, docs/analytics.md). */
export interface AnalyticsSettingsTable {
  provider_id: number;
  /** JSON array of HH:mm start times, sorted. */
  shift_starts: string;
  target_seconds: number;
  updated_at: number;
}

/** A night handover summary the nightly job stored (migration 014). */
export interface HandoverSummariesTable {
  provider_id: number;
  /** YYYY-MM-DD: the local date of the morning the night shift ended. */
  night_date: string;
  /** JSON of the HandoverSummary (contracts). */
  summary: string;
  created_at: number;
}
/** One provider's figures for one local day (migration 013, docs/statistics.md). */
export interface StatisticsSnapshotsTable {
  id: Generated<number>;
  provider_id: number;
  snapshot_date: string;
  time_zone: string;
  /** Coefficient in hundredths (100 = 1). */
  factor_centi: number;
  factor_since: string | null;
  figures: string;
  residents: number;
  check_ins: number;
  devices_online: number;
  alarms_raised: number;
  alarms_handled: number;
  sleep_reports: number;
  created_at: number;
}

/** A statistics coefficient applying from a local date on (migration 013). */
export interface StatisticsCoefficientsTable {
  provider_id: number;
  effective_date: string;
  factor_centi: number;
  created_at: number;
}

/** A provider a government account may see in statistics (migration 013). */
export interface GovernmentProvidersTable {
  account_id: number;
  provider_id: number;
}
