/** The daily report of a resident (hidden route /sleep-report/index); without a date, the latest night. */
export function dailyReportPath(userId: number, date?: string): string {
  return `/sleep-report/index?userId=${userId}${date ? `&date=${date}` : ''}`;
}

/** The charts and details of one daily report (hidden route /sleep-report/dailyDetails/reportDetails). */
export function reportDetailsPath(id: number): string {
  return `/sleep-report/dailyDetails/reportDetails?id=${id}`;
}

/** A resident's month (hidden route /sleep-report/monthDetails); without a month, the latest. */
export function monthDetailsPath(userId: number, month?: string): string {
  return `/sleep-report/monthDetails?userId=${userId}${month ? `&month=${month}` : ''}`;
}

export const REPORT_LIST_PATH = '/sleep-report/reportList';

/** A positive whole number from the query string, else 0. */
export function idParam(value: string | null): number {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : 0;
}
