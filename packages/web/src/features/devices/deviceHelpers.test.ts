import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SLEEP_MONITOR_DEFAULTS, Status } from '@vigil/contracts';
import { ApiError } from '../../api/client.ts';
import { setDisplayTimeZone } from '../shared/timeZone.ts';
import { bindingBedOptions, idAtEnd, roomOptions } from './bindingOptions.ts';
import { bindingText } from './deviceText.ts';
import { refusedField } from './formErrors.ts';
import { fromLocalInput, toLocalInput } from './originData/rangeInput.ts';
import { changedGroups, settingsToValues } from './sleepSettingsForm.ts';

describe('device screen helpers', () => {
  it('sends only the setting groups that changed', () => {
    const before = settingsToValues(SLEEP_MONITOR_DEFAULTS);
    assert.deepEqual(changedGroups(before, { ...before }), { algMode: false, interval: false, upload: false, schedule: false });
    assert.deepEqual(changedGroups(before, { ...before, leaveBedMode: 'fast', wakeTime: '06:30' }), { algMode: true, interval: false, upload: false, schedule: true });
    assert.deepEqual(settingsToValues(null), before, 'a device without stored settings shows the defaults');
  });

  it('reads the bed or room id at the end of a picker path, and nothing else', () => {
    assert.equal(idAtEnd(['area:1', 'floor:2', 'room:3', 'bed:44'], 'bed'), 44);
    assert.equal(idAtEnd(['area:1', 'floor:2', 'room:3'], 'bed'), null);
    assert.equal(idAtEnd(['area:1', 'floor:2', 'room:3'], 'room'), 3);
    assert.equal(idAtEnd(undefined, 'room'), null);
    assert.equal(idAtEnd(['bed:x'], 'bed'), null);
  });

  it('offers rooms by building and floor, floors without rooms disabled', () => {
    const options = roomOptions([
      { id: 1, name: 'North', floors: [{ id: 2, name: '1F', rooms: [{ id: 3, name: 'N101' }] }, { id: 4, name: '2F', rooms: [] }] },
    ]);
    assert.equal(options[0].children?.[0].children?.[0].value, 'room:3');
    assert.equal(options[0].children?.[1].disabled, true);
  });

  it('offers beds saying who lies there and which other devices they have (issue 25 item 17)', () => {
    const bed = (id: number, name: string, residentName: string | null, devices: string[]) => ({ id, name, residentName, devices: devices.map((deviceId) => ({ deviceId })) });
    const options = bindingBedOptions(
      [{ id: 1, name: 'North', floors: [{ id: 2, name: '1F', rooms: [{ id: 3, name: 'N101', beds: [bed(10, 'A', 'Li Wei', ['SM-01']), bed(11, 'B', null, []), bed(12, 'C', 'Ann', ['SM-09', 'BD-2'])] }] }] }],
      'SM-09',
    );
    const [a, b, c] = options[0].children?.[0].children?.[0].children ?? [];
    assert.deepEqual([a.value, a.occupant, a.devices, a.current], ['bed:10', 'Li Wei', ['SM-01'], false]);
    assert.deepEqual([b.occupant, b.devices, b.current], [undefined, [], false]);
    assert.deepEqual([c.devices, c.current], [['BD-2'], true], 'the device being bound is "this device", not listed as another');
  });

  it('puts a refusal on the field the server named, else on the typed ID; other failures are messages', () => {
    const fields = ['deviceId', 'remark'] as const;
    assert.equal(refusedField(new ApiError(Status.BAD_REQUEST, 'too long', { field: 'remark' }), fields, 'deviceId'), 'remark');
    assert.equal(refusedField(new ApiError(Status.CONFLICT, 'not in stock'), fields, 'deviceId'), 'deviceId');
    assert.equal(refusedField(new ApiError(Status.NOT_FOUND, 'not registered'), fields, 'deviceId'), 'deviceId');
    assert.equal(refusedField(new ApiError(Status.NO_PERMISSION, 'no'), fields, 'deviceId'), null);
    assert.equal(refusedField(new ApiError(0, ''), fields, 'deviceId'), null);
  });

  it('reads range inputs in the platform time zone', () => {
    setDisplayTimeZone('Asia/Shanghai');
    assert.equal(fromLocalInput('2026-11-23T08:00'), Date.UTC(2026, 10, 23, 0, 0));
    assert.equal(toLocalInput(Date.UTC(2026, 10, 23, 0, 0)), '2026-11-23T08:00');
    assert.equal(fromLocalInput('23/11/2026 08:00'), null);
    assert.equal(fromLocalInput(''), null);
  });

  it('writes a binding as building / floor / room / bed · resident', () => {
    const binding = { target: 'bed', bunkId: 1, bunkName: 'A', roomId: 2, roomName: 'N101', floorName: '1F', buildingName: 'North Building', residentId: 3, residentName: 'Edith' } as const;
    assert.equal(bindingText(binding), 'North Building / 1F / N101 / A · Edith');
    assert.equal(bindingText({ ...binding, target: 'none', bunkName: null, roomName: null, floorName: null, buildingName: null, residentName: null }), '—');
  });
});

describe('device table columns', () => {
  it('follow spec 02 §3: location and binding right after the status, before battery, signal and power', async () => {
    const { deviceColumns } = await import('./deviceColumns.tsx');
    const t = ((key: string) => key) as unknown as Parameters<typeof deviceColumns>[0]['t'];
    const actions = {} as Parameters<typeof deviceColumns>[0]['actions'];
    const keys = deviceColumns({ t, vendor: false, pinActions: true, actions }).filter((column) => !column.hidden).map((column) => column.key);
    assert.deepEqual(keys, ['deviceId', 'type', 'online', 'location', 'binding', 'battery', 'signal', 'power', 'firmware', 'actions']);
  });
});
