/** The caregiver list and the add/edit form (`?id=` edits), as in the route table. */
export const CAREGIVER_LIST_PATH = '/nurse-manage/nurseManage';
export const CAREGIVER_FORM_PATH = '/nurse-manage/addAndEdit/addAndEditNurse';
