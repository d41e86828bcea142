import assert from 'node:assert/strict';
import net from 'node:net';
import { test } from 'node:test';
import { deviceTopic } from '@vigil/contracts';
import { startTestServer } from '../test/harness.ts';
import { collect, connectDevice, eventually, registerDevice } from './ingest-fixtures.ts';

test('when MQTT_PORT is taken the embedded broker listens on a free port and devices reach it there', async () => {
  const squatter = net.createServer();
  await new Promise<void>((resolve) => squatter.listen(0, '0.0.0.0', resolve));
  const address = squatter.address();
  const taken = typeof address === 'object' && address ? address.port : 0;
  const server = await startTestServer({ env: { MQTT_PORT: String(taken) } });
  try {
    assert.ok(server.vigil.mqttPort && server.vigil.mqttPort !== taken, `listens on ${server.vigil.mqttPort}, not the taken ${taken}`);
    const device = await registerDevice(server.vigil.database.db);
    const statuses = collect(server.vigil.bus, 'device.status');
    const client = await connectDevice(`mqtt://127.0.0.1:${server.vigil.mqttPort}`, device);
    await client.publishAsync(deviceTopic(device.deviceId, 'status'), JSON.stringify({ online: true }), { qos: 1 });
    await eventually(() => statuses.find((entry) => entry.deviceId === device.deviceId), 'status');
    await client.endAsync();
  } finally {
    await server.close();
    squatter.close();
  }
});
