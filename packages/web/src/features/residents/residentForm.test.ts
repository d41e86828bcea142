import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import dayjs from 'dayjs';
import { birthDateSchema, heightSchema, personNameSchema, Status, type Resident } from '@vigil/contracts';
import { ApiError } from '../../api/client.ts';
import { sampleTree } from '../addresses/addressTree.fixture.ts';
import { bedOptions, bedPathOf, occupantOf, pathLabel } from './bedOptions.ts';
import { contractMessage } from '../shared/contractRule.ts';
import { loadContractTexts } from '../../i18n/contract-texts.ts';
import { readConfirmation } from './confirmRequest.ts';
import { ageOn, birthDateText, formToInput, residentToForm } from './residentFormValues.ts';

function resident(overrides: Partial<Resident> = {}): Resident {
  return {
    id: 7, name: 'Li Wei', gender: 'female', birthDate: '1941-03-09', age: 84, height: 160, weight: 52,
    medicalHistory: ['hypertension', 'stroke'], remark: 'Prefers the window side', careLevel: 3, attention: true, state: 'admitted',
    checkInAt: 1, checkOutAt: null, deregisteredAt: null, away: null, bunkId: 1001, bunkName: 'A', roomName: '101', floorName: 'Floor 1', buildingName: 'North',
    contacts: [{ id: 3, name: 'Li Na', phone: '+8613800000000', relation: 'children', accountId: 9, userName: '8613800000000' }],
    caregivers: [{ id: 4, name: 'Wang Fang' }], createdAt: 1,
    ...overrides,
  };
}

describe('bed picker', () => {
  it('offers area → floor → room → bed, naming who is on an occupied bed', () => {
    const options = bedOptions(sampleTree(), null);
    assert.equal(pathLabel(options, ['area:1', 'floor:11', 'room:101', 'bed:1001']), 'North / Floor 1 / 101 / A');
    assert.equal(occupantOf(options, ['area:1', 'floor:11', 'room:101', 'bed:1001']), 'Li Wei');
    assert.equal(occupantOf(options, ['area:1', 'floor:11', 'room:101', 'bed:1002']), null);
  });

  it('does not call the edited resident an occupant of their own bed', () => {
    assert.equal(occupantOf(bedOptions(sampleTree(), 7), ['area:1', 'floor:11', 'room:101', 'bed:1001']), null);
  });

  it('disables rooms without beds and areas without floors', () => {
    const [north, south] = bedOptions(sampleTree(), null);
    assert.equal(north.children?.[0].children?.[1].disabled, true);
    assert.equal(south.disabled, true);
  });

  it('finds the path of a saved bed, and none for an unknown one', () => {
    assert.deepEqual(bedPathOf(sampleTree(), 1002), ['area:1', 'floor:11', 'room:101', 'bed:1002']);
    assert.deepEqual(bedPathOf(sampleTree(), 5), []);
  });
});

describe('resident form values', () => {
  it('round-trips a saved resident into the call body the contract takes', () => {
    const form = residentToForm(resident(), (bedId) => bedPathOf(sampleTree(), bedId));
    const body = formToInput({ ...form, name: '  Li Wei ', remark: ' Prefers the window side ' });
    assert.equal(body.name, 'Li Wei');
    assert.equal(body.birthDate, '1941-03-09');
    assert.equal(body.bunkId, 1001);
    assert.deepEqual(body.caregiverIds, [4]);
    assert.deepEqual(body.contacts, [{ name: 'Li Na', phone: '+8613800000000', relation: 'children' }]);
    assert.equal(body.remark, 'Prefers the window side');
  });

  it('registers without a bed when the picker is cleared', () => {
    const form = residentToForm(resident({ bunkId: null }), () => []);
    assert.equal(formToInput(form).bunkId, null);
  });

  it('shows the age in whole years from the birth date', () => {
    assert.equal(ageOn(dayjs('1941-03-09'), dayjs('2026-03-08')), 84);
    assert.equal(ageOn(dayjs('1941-03-09'), dayjs('2026-03-09')), 85);
    assert.equal(ageOn(null), null);
  });
});

describe('form validation speaks the contract', () => {
  before(() => loadContractTexts('en-us'));
  it('rejects a future birth date with the contract message, in the chosen language', () => {
    const future = birthDateText(dayjs().add(1, 'day'));
    const result = birthDateSchema.safeParse(future);
    assert.equal(result.success, false);
    const key = result.success ? undefined : result.error.issues[0]?.message;
    assert.match(contractMessage(key, 'en-us', { field: 'Date of birth' }), /not in the future/);
  });

  it('fills the field label into the required message', () => {
    const result = personNameSchema.safeParse('');
    const key = result.success ? undefined : result.error.issues[0]?.message;
    assert.equal(contractMessage(key, 'en-us', { field: 'Name' }), 'Name is required.');
  });

  it('rejects a height outside the contract limits', () => {
    assert.equal(heightSchema.safeParse(256).success, false);
    assert.equal(heightSchema.safeParse(170).success, true);
  });
});

describe('confirmation answers (status 301)', () => {
  it('reads a bed conflict with the current occupant', () => {
    const error = new ApiError(Status.CONFIRM_REQUIRED, 'Bed linked to Zhang San', { confirm: 'bedOccupied', residentName: 'Zhang San', residentId: 2 });
    assert.deepEqual(readConfirmation(error), { kind: 'bedOccupied', residentName: 'Zhang San', message: 'Bed linked to Zhang San' });
  });

  it('reads a same-name question', () => {
    assert.equal(readConfirmation(new ApiError(Status.CONFIRM_REQUIRED, 'Same name', { confirm: 'sameName' }))?.kind, 'sameName');
  });

  it('treats every other failure as an error, not a question', () => {
    assert.equal(readConfirmation(new ApiError(Status.CONFLICT, 'Refused', { confirm: 'sameName' })), null);
    assert.equal(readConfirmation(new ApiError(Status.CONFIRM_REQUIRED, 'Odd', null)), null);
    assert.equal(readConfirmation(new Error('network')), null);
  });
});
