import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { writeMosquittoAuth } from './mosquitto-auth.ts';

/** `npm run mqtt:mosquitto-auth -- <dir>`: vigil.passwd and vigil.acl for Mosquitto from the device registry. */
const dir = process.argv[2];
const userName = process.env.VIGIL_MQTT_USER ?? 'vigil';
const password = process.env.VIGIL_MQTT_PASSWORD;
if (!dir || !password) {
  console.error('usage: VIGIL_MQTT_PASSWORD=<Vigil\'s broker password> [VIGIL_MQTT_USER=vigil] npm run mqtt:mosquitto-auth -- <output dir>');
  process.exit(2);
}
const database = openDatabase(loadConfig());
try {
  const { devices } = await writeMosquittoAuth(database.db, dir, { userName, password });
  console.log(`${dir}/vigil.passwd (${devices} devices and ${userName}) and ${dir}/vigil.acl written; reload Mosquitto (kill -HUP) to apply.`);
} finally {
  await database.close();
}
