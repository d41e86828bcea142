import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import * as api from '@vigil/contracts';
import { Status } from '@vigil/contracts';
import { insertDevice } from '../../test/alarm-fixtures.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';

/** Issue 29: the security screen lists stand-alone NB-IoT sensors beside the gateway sub-devices (`hosted` filter). */
describe('device list: gateway sub-devices and stand-alone sensors', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ demo: true });
  });
  after(() => server.close());

  test('hosted: false lists the sensors not behind a gateway, hosted: true the sub-devices', async () => {
    const login = await server.login('demotwoa');
    const placement = { providerId: login.providerId ?? 0, bedId: null, roomId: null, residentId: null };
    const db = server.vigil.database.db;
    const host = await insertDevice(db, { deviceType: 21008, ...placement });
    const sub = await insertDevice(db, { deviceType: 20995, ...placement });
    const standalone = await insertDevice(db, { deviceType: 20996, ...placement });
    const hostRow = await db.selectFrom('devices').select('id').where('device_id', '=', host).executeTakeFirstOrThrow();
    await db.updateTable('devices').set({ host_id: hostRow.id, pairing: 'paired' }).where('device_id', '=', sub).execute();

    const list = async (hosted: boolean) => {
      const answer = await server.call(api.getDeviceList, { screen: 'safeDeviceManage', hosted, pageNum: 1, pageSize: 100 }, { token: login.token });
      assert.equal(answer.status, Status.OK, answer.msg);
      return answer.data.rows.map((row) => row.deviceId);
    };
    const alone = await list(false);
    assert.ok(alone.includes(standalone));
    assert.ok(!alone.includes(sub));
    const behind = await list(true);
    assert.ok(behind.includes(sub));
    assert.ok(!behind.includes(standalone));
  });
});
