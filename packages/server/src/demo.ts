import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from './demo/seed.ts';
import { demoBrokerUrl, startDemoSimulation, type DemoSimulation } from './demo/simulate.ts';
import { DEMO_HISTORY_NIGHTS, seedSleepHistory } from './demo/sleep-history.ts';

/** VIGIL_DEMO_HISTORY_NIGHTS: how many of the last nights the demo's sleep history fills (1–14, default 14). */
function historyNights(): number {
  const text = process.env.VIGIL_DEMO_HISTORY_NIGHTS?.trim();
  if (!text) return DEMO_HISTORY_NIGHTS;
  const nights = Number(text);
  if (Number.isInteger(nights) && nights >= 1 && nights <= DEMO_HISTORY_NIGHTS) return nights;
  console.log(`VIGIL_DEMO_HISTORY_NIGHTS must be a whole number from 1 to ${DEMO_HISTORY_NIGHTS} (it is "${text}"): making all ${DEMO_HISTORY_NIGHTS} nights`);
  return DEMO_HISTORY_NIGHTS;
}

/** `npm run demo`: seeds the demo care home (idempotently), starts Vigil, then its simulated devices. */
async function main(): Promise<void> {
  const config = loadConfig();
  const vigil = await buildApp(config);
  await seedDemo(vigil.database.db, Date.now, { cipher: vigil.deviceCipher.encode, deviceKeys: vigil.deviceKeys });
  let simulation: DemoSimulation | null = null;
  const shutdown = () => void (simulation?.stop() ?? Promise.resolve()).then(() => vigil.close()).then(() => process.exit(0));
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  await vigil.app.listen({ port: config.port, host: config.host });
  const shown = config.host === '0.0.0.0' ? 'localhost' : config.host;
  console.log(`\nVigil demo is running at http://${shown}:${config.port}/ (${vigil.database.describe})`);
  console.log(`Demo logins, all with password ${DEMO_PASSWORD}:`);
  for (const account of DEMO_ACCOUNTS) console.log(`  ${account.userName.padEnd(14)} ${account.role}`);
  console.log('');
  // The last 14 nights of sleep reports, simulated and analysed in worker threads while the server already answers:
  // the last two nights first, the others behind them. VIGIL_DEMO_HISTORY=0 leaves them out (the browser tests
  // that do not look at sleep reports); VIGIL_DEMO_HISTORY_NIGHTS makes fewer nights.
  if (process.env.VIGIL_DEMO_HISTORY === '0') console.log('Demo sleep history: off (VIGIL_DEMO_HISTORY=0)');
  else void seedSleepHistory(vigil.database.db, vigil.telemetry, Date.now(), (line) => console.log(line), { nights: historyNights() }).catch((error: unknown) => console.error('Demo sleep history failed:', error));
  simulation = await startDemoSimulation(vigil.database.db, { brokerUrl: demoBrokerUrl(config.mqttUrl, vigil.mqttPort), dataDir: config.dataDir, deviceKeys: vigil.deviceKeys, print: (line) => console.log(line) });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
