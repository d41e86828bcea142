import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadConfig, parseTrustProxy } from './config.ts';

test('TRUST_PROXY is off unless set', () => {
  assert.equal(loadConfig({}).trustProxy, false);
  assert.equal(parseTrustProxy(''), false);
  assert.equal(parseTrustProxy('false'), false);
});

test('TRUST_PROXY takes true, a hop count, or a list of addresses and CIDR ranges', () => {
  assert.equal(parseTrustProxy('true'), true);
  assert.equal(parseTrustProxy('2'), 2);
  assert.deepEqual(parseTrustProxy('10.0.0.1, 192.168.0.0/16,::1,fd00::/8'), ['10.0.0.1', '192.168.0.0/16', '::1', 'fd00::/8']);
});

test('a TRUST_PROXY that is none of these stops the start with a clear message', () => {
  for (const bad of ['yes', '10.0.0.0/33', 'proxy.local', '10.0.0.1/8/2']) {
    assert.throws(() => parseTrustProxy(bad), /TRUST_PROXY must be/);
  }
});

test('device broker settings: embedded on 1883 by default, or an external MQTT_URL with a share group', () => {
  const defaults = loadConfig({});
  assert.equal(defaults.mqttPort, 1883);
  assert.equal(defaults.mqttUrl, null);
  assert.equal(defaults.mqttShareGroup, 'vigil');
  assert.equal(defaults.rawRetentionDays, 30);
  const external = loadConfig({ MQTT_URL: 'mqtt://vigil:secret@broker:1883', MQTT_SHARE_GROUP: 'vigil-b', VIGIL_RAW_RETENTION_DAYS: '7' });
  assert.equal(external.mqttUrl, 'mqtt://vigil:secret@broker:1883');
  assert.equal(external.mqttShareGroup, 'vigil-b');
  assert.equal(external.rawRetentionDays, 7);
  assert.throws(() => loadConfig({ MQTT_PORT: '70000' }), /MQTT_PORT/);
  assert.throws(() => loadConfig({ MQTT_URL: 'http://broker' }), /MQTT_URL/);
  assert.throws(() => loadConfig({ MQTT_SHARE_GROUP: 'a/b' }), /MQTT_SHARE_GROUP/);
  assert.throws(() => loadConfig({ VIGIL_RAW_RETENTION_DAYS: '0' }), /VIGIL_RAW_RETENTION_DAYS/);
});

test('REDIS_URL switches the event bus to Redis; anything but a redis:// URL stops the start', () => {
  assert.equal(loadConfig({}).redisUrl, null);
  assert.equal(loadConfig({ REDIS_URL: ' redis://127.0.0.1:6379 ' }).redisUrl, 'redis://127.0.0.1:6379');
  assert.equal(loadConfig({ REDIS_URL: 'rediss://cache:6380/2' }).redisChannel, 'vigil:events:v1');
  assert.equal(loadConfig({ REDIS_CHANNEL: 'home-b' }).redisChannel, 'home-b');
  assert.throws(() => loadConfig({ REDIS_URL: 'http://cache:6379' }), /REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL/);
});

test('NATS_URL turns the device log on behind an external broker on PostgreSQL; without it nothing changes', () => {
  assert.equal(loadConfig({}).deviceLog, null);
  const scaled = { MQTT_URL: 'mqtt://broker:1883', DATABASE_URL: 'postgres://db/vigil' };
  assert.deepEqual(loadConfig({ ...scaled, NATS_URL: 'nats://127.0.0.1:4222' }).deviceLog, { url: 'nats://127.0.0.1:4222', stream: 'VIGIL_DEVICES', partitions: 16 });
  assert.equal(loadConfig({ ...scaled, NATS_URL: 'nats://n:4222', NATS_STREAM: 'HOME_B', DEVICE_LOG_PARTITIONS: '32' }).deviceLog?.partitions, 32);
  assert.throws(() => loadConfig({ NATS_URL: 'nats://127.0.0.1:4222' }), /NATS_URL .* needs MQTT_URL and DATABASE_URL/);
  assert.throws(() => loadConfig({ ...scaled, NATS_URL: 'nats://n:4222', DEVICE_LOG_PARTITIONS: '0' }), /DEVICE_LOG_PARTITIONS must be/);
  assert.throws(() => loadConfig({ ...scaled, NATS_URL: 'nats://n:4222', NATS_STREAM: 'a.b' }), /NATS_STREAM may contain only/);
});
