/**
 * Alarms whose popup this browser has already shown (issue 25 item 5: popups reopened on every
 * reload). Kept in localStorage; read once per page load, so a popup showing now runs its 10 s,
 * while one seen on an earlier page load does not come back. A new alarm has a new id and is
 * never in it; every alarm still stays in the pending list and the voice queue.
 */
const STORAGE_KEY = 'vigil.seenAlarmPopups';
const KEPT = 500;

function read(storage: Pick<Storage, 'getItem'> | undefined): number[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((id): id is number => Number.isInteger(id)) : [];
  } catch {
    return [];
  }
}

export class SeenPopups {
  private readonly earlier: ReadonlySet<number>;
  private readonly all: number[];

  constructor(private readonly storage: Pick<Storage, 'getItem' | 'setItem'> | undefined = globalThis.localStorage) {
    this.all = read(storage);
    this.earlier = new Set(this.all);
  }

  /** Shown on an earlier page load of this browser. */
  seenBefore(id: number): boolean {
    return this.earlier.has(id);
  }

  /** Remembers that this alarm's popup was shown. */
  mark(id: number): void {
    if (this.all.includes(id)) return;
    this.all.push(id);
    if (this.all.length > KEPT) this.all.splice(0, this.all.length - KEPT);
    try {
      this.storage?.setItem(STORAGE_KEY, JSON.stringify(this.all));
    } catch {
      // Storage refused: popups may show again after a reload, which is the safe side.
    }
  }
}

export const seenPopups = new SeenPopups();
