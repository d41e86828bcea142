import * as accounts from './accounts.ts';
import * as alarms from './alarms.ts';
import * as addresses from './addresses.ts';
import * as auth from './auth.ts';
import * as caregivers from './caregivers.ts';
import * as carrier from './carrier.ts';
import * as community from './community.ts';
import * as gateways from './gateways.ts';
import * as devices from './devices.ts';
import * as originData from './origin-data.ts';
import * as monitor from './monitor.ts';
import * as mobile from './mobile.ts';
import * as push from './push.ts';
import * as webhooks from './webhooks.ts';
import * as escalation from './escalation.ts';
import * as family from './family.ts';
import * as releases from './releases.ts';
import * as firmware from './firmware.ts';
import type { Operation } from './define.ts';
import * as providers from './providers.ts';
import * as reports from './reports.ts';
import * as residents from './residents.ts';
import * as system from './system.ts';
import * as analytics from './analytics.ts';
import * as statistics from './statistics.ts';
import * as audit from './audit.ts';
import * as personalData from './personal-data.ts';

export * from './define.ts';
export * from './common.ts';
export * from './auth.ts';
export * from './providers.ts';
export * from './accounts.ts';
export * from './system.ts';
export * from './care-common.ts';
export * from './addresses.ts';
export * from './residents.ts';
export * from './caregivers.ts';
export * from './community.ts';
export * from './gateways.ts';
export * from './devices.ts';
export * from './reports.ts';
export * from './releases.ts';
export * from './firmware.ts';
export * from './carrier.ts';
export * from './origin-data.ts';
export * from './alarms.ts';
export * from './monitor.ts';
export * from './analytics.ts';
export * from './statistics.ts';
export * from './mobile.ts';
export * from './audit.ts';
export * from './personal-data.ts';
export * from './push.ts';
export * from './webhooks.ts';
export * from './escalation.ts';
export * from './family.ts';

function operationsOf(module: Record<string, unknown>): Operation[] {
  return Object.values(module).filter(
    (value): value is Operation => typeof value === 'object' && value !== null && 'id' in value && 'method' in value && 'path' in value && 'input' in value,
  );
}

/** Every API operation, for the OpenAPI document and the route walk tests. */
export const ALL_OPERATIONS: readonly Operation[] = [
  auth, providers, accounts, system, addresses, residents, caregivers, community, devices, carrier, gateways, reports, originData, alarms, monitor, releases, firmware, analytics, statistics, mobile, audit, personalData, push, webhooks, escalation, family,
].flatMap(operationsOf);
