/** The household page of a resident (hidden route /realMonitor/resident, resident in the query). */
export function householdPath(userId: number): string {
  return `/realMonitor/resident?userId=${userId}`;
}
