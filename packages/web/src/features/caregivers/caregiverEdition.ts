/**
 * How the caregiver screens differ by edition (spec 01 §2: "List and edit screens differ
 * by the overseas flag"). One place, so the list and the form agree.
 */
export interface CaregiverEditionView {
  /** ID number column and field: a domestic (PRC resident ID) practice, not asked overseas. */
  showIdNumber: boolean;
  /** Where caregivers sign in: the caregiver app overseas, the mini program at home. */
  signInHintKey: 'caregivers.hint.app' | 'caregivers.hint.miniProgram';
  /** What the login column is called: the app login, or the mini-program login. */
  loginLabelKey: 'caregivers.column.appLogin' | 'caregivers.column.miniProgramLogin';
}

/** The caregiver screens' view of an edition. */
export function caregiverEditionView(isAbroad: boolean): CaregiverEditionView {
  return isAbroad
    ? { showIdNumber: false, signInHintKey: 'caregivers.hint.app', loginLabelKey: 'caregivers.column.appLogin' }
    : { showIdNumber: true, signInHintKey: 'caregivers.hint.miniProgram', loginLabelKey: 'caregivers.column.miniProgramLogin' };
}
