/** Every IANA time zone with its current UTC offset, sorted by offset then name. */
export function listTimeZones(at: Date = new Date()): { id: string; offset: string; offsetMinutes: number }[] {
  return Intl.supportedValuesOf('timeZone')
    .map((id) => {
      const part = new Intl.DateTimeFormat('en-US', { timeZone: id, timeZoneName: 'longOffset' })
        .formatToParts(at)
        .find((p) => p.type === 'timeZoneName')?.value;
      const match = /GMT([+-])(\d{2}):(\d{2})/.exec(part ?? '');
      const offsetMinutes = match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
      const offset = match ? `${match[1]}${match[2]}:${match[3]}` : '+00:00';
      return { id, offset, offsetMinutes };
    })
    .sort((a, b) => a.offsetMinutes - b.offsetMinutes || a.id.localeCompare(b.id));
}

/** True when the id is a known IANA time zone. */
export function isTimeZone(id: string): boolean {
  return id === 'UTC' || Intl.supportedValuesOf('timeZone').includes(id);
}
