import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { checkDeviceKeySecret } from '../modules/auth/key-store.ts';
import { serverSecretRepository } from '../modules/auth/server-secret.repository.ts';
import { openDeviceKeySeal } from './device-key-seal.ts';
import { writeMosquittoAuth } from './mosquitto-auth.ts';

/**
 * `npm run mqtt:mosquitto-auth -- <dir>`: vigil.passwd and vigil.acl for Mosquitto from the device
 * registry. Run it where Vigil runs (same VIGIL_DATA_DIR, or the same VIGIL_DEVICE_KEY_SECRET): the
 * keys are stored sealed and this opens them with the installation's device-key secret.
 */
const dir = process.argv[2];
const userName = process.env.VIGIL_MQTT_USER ?? 'vigil';
const password = process.env.VIGIL_MQTT_PASSWORD;
if (!dir || !password) {
  console.error('usage: VIGIL_MQTT_PASSWORD=<Vigil\'s broker password> [VIGIL_MQTT_USER=vigil] npm run mqtt:mosquitto-auth -- <output dir>');
  process.exit(2);
}
const config = loadConfig();
const database = openDatabase(config);
try {
  const deviceKeys = openDeviceKeySeal(config.dataDir, config.deviceKeySecret);
  // With another secret than the one that sealed the keys, every device would be left out: refuse instead.
  await checkDeviceKeySecret(serverSecretRepository(database.db), deviceKeys, { readOnly: true });
  const { devices, skipped } = await writeMosquittoAuth(database.db, dir, { userName, password }, deviceKeys);
  console.log(`${dir}/vigil.passwd (${devices} devices and ${userName}) and ${dir}/vigil.acl written; reload Mosquitto (kill -HUP) to apply.`);
  if (skipped.length > 0) console.error(`${skipped.length} device(s) left out, their stored key does not open with this installation's secret: ${skipped.slice(0, 20).join(', ')}`);
} finally {
  await database.close();
}
