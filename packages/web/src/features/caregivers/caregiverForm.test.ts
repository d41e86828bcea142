import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Caregiver } from '@vigil/contracts';
import { caregiverEditionView } from './caregiverEdition.ts';
import { caregiverToForm, formToBody } from './caregiverFormValues.ts';

const caregiver: Caregiver = {
  id: 5, accountId: 50, userName: '13800001111', name: 'Wang Fang', phone: '13800001111', job: 'Nurse', idNumber: '110101199001011234',
  relation: 'Staff', grade: 'senior', enabled: true, residents: [{ id: 7, name: 'Li Wei' }], createdAt: 1,
};

describe('caregiver screens by edition', () => {
  it('asks for the ID number and points to the mini program at home', () => {
    const view = caregiverEditionView(false);
    assert.equal(view.showIdNumber, true);
    assert.equal(view.signInHintKey, 'caregivers.hint.miniProgram');
  });

  it('hides the ID number and points to the app overseas', () => {
    const view = caregiverEditionView(true);
    assert.equal(view.showIdNumber, false);
    assert.equal(view.signInHintKey, 'caregivers.hint.app');
  });
});

describe('caregiver form values', () => {
  it('sends what was edited, with linked residents as ids', () => {
    const body = formToBody({ ...caregiverToForm(caregiver), name: ' Wang Fang ', job: 'Head nurse' }, true, caregiver.idNumber);
    assert.deepEqual(body, { name: 'Wang Fang', phone: '13800001111', job: 'Head nurse', idNumber: '110101199001011234', relation: 'Staff', grade: 'senior', residentIds: [7] });
  });

  it('keeps the saved ID number when the overseas form does not show it', () => {
    const form = { ...caregiverToForm(caregiver), idNumber: '' };
    assert.equal(formToBody(form, false, caregiver.idNumber).idNumber, '110101199001011234');
  });
});
