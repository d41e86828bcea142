import { deviceKeySeal } from '../ingest/device-key-seal.ts';

/**
 * The device-key secret of every test server (the harness sets VIGIL_DEVICE_KEY_SECRET to it unless
 * a test asks for the data dir's file), so fixtures can put devices with working keys straight into
 * the database and read keys back the way the server stores them (sealed).
 */
export const TEST_DEVICE_KEY_SECRET = '5e1f0c0ffee0d15ea5e5eed0fdecafbadc0ffee15900d0000000000000000027';
export const testDeviceKeys = deviceKeySeal(Buffer.from(TEST_DEVICE_KEY_SECRET, 'hex'));

/** The plain key of a sealed value read from a test server's database (fails the test when it does not open). */
export function openedTestKey(sealed: string): string {
  const plain = testDeviceKeys.open(sealed);
  if (plain === null) throw new Error('the stored device key does not open with the test device-key secret');
  return plain;
}
