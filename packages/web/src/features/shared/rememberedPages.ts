/**
 * The list pages the console remembers in local storage (spec 01 §3), each a whole
 * number from 1, 1 by default, so coming back to a list opens the page left:
 * - `selectedUserPage`: Residents > Resident management (built; features/residents/storedPage.ts);
 * - `selectedUserInfo`: Real-time monitoring > All households, the household pager (later release);
 * - `selectedReportPage`: Sleep reports > a resident's daily reports pager (later release);
 * - `selectedReportListPage`: Sleep reports > Report list (later release).
 */
export const REMEMBERED_PAGE_KEYS = {
  residentList: 'selectedUserPage',
  householdList: 'selectedUserInfo',
  dailyReports: 'selectedReportPage',
  reportList: 'selectedReportListPage',
} as const;

export type RememberedList = keyof typeof REMEMBERED_PAGE_KEYS;

/** The remembered page of a list: a whole number from 1, else 1. */
export function readRememberedPage(list: RememberedList, storage: Pick<Storage, 'getItem'> = localStorage): number {
  const page = Number(storage.getItem(REMEMBERED_PAGE_KEYS[list]));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** Remembers the page of a list; anything but a whole number from 1 is kept as 1. */
export function writeRememberedPage(list: RememberedList, page: number, storage: Pick<Storage, 'setItem'> = localStorage): void {
  storage.setItem(REMEMBERED_PAGE_KEYS[list], String(Number.isInteger(page) && page >= 1 ? page : 1));
}

/** Forgets every remembered page (another user signs in on this browser). */
export function forgetRememberedPages(storage: Pick<Storage, 'removeItem'> = localStorage): void {
  for (const key of Object.values(REMEMBERED_PAGE_KEYS)) storage.removeItem(key);
}
