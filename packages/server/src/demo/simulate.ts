import type { DeviceKeySeal } from '../ingest/device-key-seal.ts';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from '../db/database.ts';
import { demoSimulatorDevices } from './seed-devices.ts';

/** Local time minus UTC, in minutes, of an IANA zone now. */
function zoneOffsetMinutes(zone: string): number {
  try {
    const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' }).formatToParts(new Date()).find((p) => p.type === 'timeZoneName')?.value;
    const match = /GMT([+-])(\d{2}):(\d{2})/.exec(part ?? '');
    return match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
  } catch {
    return 0;
  }
}

export interface DemoSimulation {
  stop(): Promise<void>;
}

/**
 * `npm run demo` plays the demo devices with the simulator (README: demo devices are
 * simulated), in a child process so that it never holds up the server's event loop.
 * `VIGIL_SIMULATE=0` turns it off. Answers null when there is nothing to simulate.
 */
export async function startDemoSimulation(db: Db, options: { brokerUrl: string; dataDir: string; deviceKeys: DeviceKeySeal; print: (line: string) => void }): Promise<DemoSimulation | null> {
  if (process.env.VIGIL_SIMULATE === '0') return null;
  const devices = await demoSimulatorDevices(db, options.deviceKeys);
  if (devices.length === 0) return null;
  const zone = await db.selectFrom('settings').select('value').where('key', '=', 'timeZone').executeTakeFirst();
  // The list holds device keys: readable by this user only, beside the server's own keys.
  const file = path.join(options.dataDir, 'simulated-devices.json');
  fs.mkdirSync(options.dataDir, { recursive: true });
  fs.writeFileSync(file, JSON.stringify({ seed: 2026, timeZoneOffsetMinutes: zoneOffsetMinutes(zone?.value ?? 'UTC'), devices }), { mode: 0o600 });
  const cli = fileURLToPath(import.meta.resolve('@vigil/simulator/cli'));
  const child: ChildProcess = spawn(process.execPath, ['--import', import.meta.resolve('tsx'), cli, '--url', options.brokerUrl, '--devices', file, '--summary', '60'], {
    // The IPC channel closes when the server dies, however it dies: the simulator then stops too.
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, INIT_CWD: options.dataDir },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  options.print(`Simulated demo devices: ${devices.length} devices reporting to ${options.brokerUrl} (VIGIL_SIMULATE=0 turns them off)`);
  return {
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/**
 * The broker the demo devices talk to: the external one (MQTT_URL) when Vigil uses it,
 * else Vigil's embedded broker on the port it really bound (it moves off a taken 1883).
 */
export function demoBrokerUrl(mqttUrl: string | null, mqttPort: number | null): string {
  return mqttUrl ?? `mqtt://127.0.0.1:${mqttPort ?? 1883}`;
}
