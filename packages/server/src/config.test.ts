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

test('REDIS_URL switches the event bus to Redis; anything but a redis:// URL stops the start', () => {
  assert.equal(loadConfig({}).redisUrl, null);
  assert.equal(loadConfig({ REDIS_URL: ' redis://127.0.0.1:6379 ' }).redisUrl, 'redis://127.0.0.1:6379');
  assert.equal(loadConfig({ REDIS_URL: 'rediss://cache:6380/2' }).redisChannel, 'vigil:events:v1');
  assert.equal(loadConfig({ REDIS_CHANNEL: 'home-b' }).redisChannel, 'home-b');
  assert.throws(() => loadConfig({ REDIS_URL: 'http://cache:6379' }), /REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL/);
});
