import type { Db } from '../../db/database.ts';
import { parseRuleState, serializeRuleState, type RuleStateStore, type StoredRuleState } from '../../rules/rule-state-store.ts';

/**
 * Rows per statement (4 parameters each, far under SQLite's and PostgreSQL's limits). SQLite
 * writes on the event loop: between chunks the loop is let go (about 6 ms a chunk of 250 here),
 * so a save of thousands of devices never holds the alarm path for long.
 */
const SAVE_CHUNK = 250;
const letLoopRun = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The rule engine's state store on device_rule_states (rules/rule-state-store.ts). */
export function ruleStateRepository(db: Db, now: () => number): RuleStateStore {
  return {
    async load(deviceId) {
      const row = await db.selectFrom('device_rule_states').select(['device_type', 'state']).where('device_id', '=', deviceId).executeTakeFirst();
      return row ? parseRuleState(row.device_type, row.state) : null;
    },

    async save(states) {
      const rows = [...states].map(([deviceId, state]) => ({ device_id: deviceId, device_type: state.deviceType, state: serializeRuleState(state), updated_at: now() }));
      for (let start = 0; start < rows.length; start += SAVE_CHUNK) {
        if (start > 0) await letLoopRun();
        await db
          .insertInto('device_rule_states')
          .values(rows.slice(start, start + SAVE_CHUNK))
          .onConflict((conflict) =>
            conflict.column('device_id').doUpdateSet((eb) => ({
              device_type: eb.ref('excluded.device_type'),
              state: eb.ref('excluded.state'),
              updated_at: eb.ref('excluded.updated_at'),
            })),
          )
          .execute();
      }
    },

    async loadAll() {
      const out = new Map<string, StoredRuleState>();
      for (const row of await db.selectFrom('device_rule_states').select(['device_id', 'device_type', 'state']).execute()) {
        const state = parseRuleState(row.device_type, row.state);
        if (state) out.set(row.device_id, state);
      }
      return out;
    },

    async remove(deviceId) {
      await db.deleteFrom('device_rule_states').where('device_id', '=', deviceId).execute();
    },
  };
}
