/**
 * npm run bench:rule-state — the rule engine's state store (device_rule_states, issue 25):
 * how long saving N devices' changed states takes, the longest the event loop is held meanwhile
 * (SQLite writes on it; the store lets it go between chunks), and loading them all at start.
 * N from BENCH_DEVICES (default 2000); PostgreSQL when DATABASE_URL is set. Prints figures only.
 */
import { DEFAULT_RESIDENT_ALARM_SETTINGS, type TelemetrySample } from '@vigil/contracts';
import { ruleStateRepository } from '../src/modules/alarms/rule-state.repository.ts';
import { createRuleEngine } from '../src/rules/engine.ts';
import { startTestServer } from '../src/test/harness.ts';

const devices = Number(process.env.BENCH_DEVICES ?? 2000);
const server = await startTestServer();
const store = ruleStateRepository(server.vigil.database.db, Date.now);
const engine = createRuleEngine({ store });
const t0 = Date.now();
const feed = (samples: (i: number) => TelemetrySample[]) => {
  for (let i = 0; i < devices; i++) engine.samples(`BENCH-${i}`, 49, samples(i), DEFAULT_RESIDENT_ALARM_SETTINGS);
};

/** Runs the save with a 1 ms ticker beside it: the largest gap is the longest the loop was held. */
async function timedSave(): Promise<{ ms: number; loopHeldMs: number }> {
  let last = performance.now();
  let held = 0;
  const ticker = setInterval(() => {
    const now = performance.now();
    held = Math.max(held, now - last);
    last = now;
  }, 1);
  const start = performance.now();
  await engine.flush();
  clearInterval(ticker);
  held = Math.max(held, performance.now() - last);
  return { ms: Math.round(performance.now() - start), loopHeldMs: Math.round(held) };
}

feed(() => Array.from({ length: 10 }, (_, k) => ({ t: t0 + k * 1000, hr: 60, rr: 14, move: 0, bed: 'in' as const })));
const first = await timedSave();
feed(() => [{ t: t0 + 20_000, hr: 61, rr: 14, move: 0, bed: 'out' }]);
const update = await timedSave();
const fresh = createRuleEngine({ store });
const start = performance.now();
const loaded = await fresh.takeAll();
const loadAllMs = Math.round(performance.now() - start);
console.log(JSON.stringify({ devices, database: server.dialect, firstSave: first, updateSave: update, loadAllMs, loaded }));
await engine.close();
await fresh.close();
await server.close();
