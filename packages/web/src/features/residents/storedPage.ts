/** Local-storage key of the resident list's page (spec 01 §3 "selectedUserPage", default 1). */
export const RESIDENT_PAGE_KEY = 'selectedUserPage';

/** The remembered page under a key: a whole number from 1, else 1. */
export function readStoredPage(key: string, storage: Pick<Storage, 'getItem'> = localStorage): number {
  const page = Number(storage.getItem(key));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** Remembers the page under a key. */
export function writeStoredPage(key: string, page: number, storage: Pick<Storage, 'setItem'> = localStorage): void {
  storage.setItem(key, String(page));
}

/** The last page that has rows (1 when there are none), to pull a remembered page back after rows went away. */
export function lastPage(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
