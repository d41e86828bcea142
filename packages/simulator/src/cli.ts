import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { deviceTypeInfo } from '@vigil/contracts';
import { DevicesFileSchema, type SimulatedDeviceSpec } from './devices/spec.ts';
import { startSimulation } from './simulation.ts';
import { devicesFromVigilDatabase, vigilDeviceKeySecret } from './vigil-db.ts';

const USAGE = `Vigil device simulator (simulated devices, named as such)

  npm run simulate -w @vigil/simulator -- --url mqtt://127.0.0.1:1883 --devices devices.json
  npm run simulate -w @vigil/simulator -- --url http://127.0.0.1:8080 --devices SM-1:49:key1,FR-1:21007:key2
  npm run simulate -w @vigil/simulator -- --url mqtt://127.0.0.1:1883 --db ./data/vigil.db

  --url       broker (mqtt://, mqtts://, ws://, wss://) or Vigil's base URL (http://, https://) for HTTP
  --devices   a JSON file (a list of {deviceId, deviceType, key, subDevices?}, or {devices, seed?, speed?,
              timeZoneOffsetMinutes?}), or ID:TYPE:KEY entries separated by commas
  --db        read the devices care homes added from a Vigil database (SQLite file or postgres:// URL);
              their keys are stored sealed: VIGIL_DEVICE_KEY_SECRET, or --data-dir's keys/device-key.secret
  --data-dir  Vigil's data dir (default: the SQLite file's folder, else ./data)
  --seed      same seed, same nights and events (default 1)
  --speed     simulated seconds per real second (default 1)
  --quiet     no ambient events or outages: only telemetry, heartbeats and answers to commands
  --summary   seconds between summary lines (default 30, 0 for none)
`;

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

function number(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (!Number.isFinite(parsed)) fail(`--${name} must be a number`);
  return parsed;
}

function inlineDevices(text: string): SimulatedDeviceSpec[] {
  return text.split(',').map((entry) => {
    const [deviceId, type, key] = entry.split(':');
    const deviceType = Number(type);
    if (!deviceId || !key || !deviceTypeInfo(deviceType)) fail(`"${entry}" is not ID:TYPE:KEY with a catalogue device type`);
    return { deviceId, deviceType, key };
  });
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      url: { type: 'string' },
      devices: { type: 'string' },
      db: { type: 'string' },
      'data-dir': { type: 'string' },
      seed: { type: 'string' },
      speed: { type: 'string' },
      quiet: { type: 'boolean', default: false },
      summary: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  if (!values.url) fail('--url is required');
  const here = process.env.INIT_CWD ?? process.cwd();
  let devices: SimulatedDeviceSpec[] = [];
  let settings: { seed?: number; speed?: number; timeZoneOffsetMinutes?: number } = {};
  if (values.db) {
    const postgres = /^postgres/.test(values.db);
    const location = postgres ? values.db : path.resolve(here, values.db);
    const dataDir = values['data-dir'] ? path.resolve(here, values['data-dir']) : postgres ? path.resolve(here, 'data') : path.dirname(location);
    devices = await devicesFromVigilDatabase(location, vigilDeviceKeySecret(dataDir));
  } else if (values.devices && (values.devices.endsWith('.json') || fs.existsSync(path.resolve(here, values.devices)))) {
    const parsed = DevicesFileSchema.safeParse(JSON.parse(fs.readFileSync(path.resolve(here, values.devices), 'utf8')));
    if (!parsed.success) fail(`${values.devices}: ${parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`).join('; ')}`);
    if (Array.isArray(parsed.data)) devices = parsed.data;
    else ({ devices, ...settings } = parsed.data);
  } else if (values.devices) {
    devices = inlineDevices(values.devices);
  } else {
    fail('give --devices or --db');
  }
  const http = /^https?:\/\//.test(values.url);
  const simulation = await startSimulation({
    ...(http ? { httpBaseUrl: values.url } : { brokerUrl: values.url }),
    devices,
    seed: number(values.seed, 'seed') ?? settings.seed ?? 1,
    speed: number(values.speed, 'speed') ?? settings.speed ?? 1,
    ...(settings.timeZoneOffsetMinutes !== undefined ? { timeZoneOffsetMinutes: settings.timeZoneOffsetMinutes } : {}),
    ambient: !values.quiet,
    log: (line) => console.error(`[simulator] ${line}`),
  });
  const subs = devices.reduce((total, device) => total + (device.subDevices?.length ?? 0), 0);
  console.log(`[simulator] ${devices.length} simulated devices (+${subs} gateway sub-devices) reporting to ${values.url}`);
  const summarySeconds = number(values.summary, 'summary') ?? 30;
  const summary =
    summarySeconds > 0
      ? setInterval(() => {
          const stats = simulation.stats();
          const channels = Object.entries(stats.byChannel).map(([channel, count]) => `${channel} ${count}`).join(', ');
          console.log(`[simulator] ${stats.online}/${devices.length} online; sent ${stats.sent} (${channels})`);
        }, summarySeconds * 1000)
      : null;
  void simulation.ready.then(() => console.log(`[simulator] all ${devices.length} devices connected`));
  const stop = () => {
    if (summary) clearInterval(summary);
    void simulation.stop().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  // Started by the demo server over IPC: stop when it goes away.
  if (process.send) process.once('disconnect', stop);
}

main().catch((error: unknown) => {
  console.error(`[simulator] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
