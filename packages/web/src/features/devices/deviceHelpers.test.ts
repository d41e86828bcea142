import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SLEEP_MONITOR_DEFAULTS, Status } from '@vigil/contracts';
import { ApiError } from '../../api/client.ts';
import { setDisplayTimeZone } from '../shared/timeZone.ts';
import { idAtEnd, roomOptions } from './bindingOptions.ts';
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
