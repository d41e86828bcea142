/** The resident list and the register/edit form (`?id=` edits), as in the route table. */
export const RESIDENT_LIST_PATH = '/people-manage/userManage';
export const RESIDENT_FORM_PATH = '/people-manage/addAndEdit/addAndEditUser';
