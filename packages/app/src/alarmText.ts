import { formatAlarmDuration, formatAlarmText, type AlarmRecord, type Language } from '@vigil/contracts';

/**
 * An alarm's long text in the app's language now, made from its keys as the server makes it
 * (alarm.presenter.ts): switching the language turns every listed alarm at once, without a
 * reload (issue 25 item 16). The server's text (in the language the socket opened with) only
 * when the keys name no text.
 */
export function alarmLongText(language: Language, alarm: Pick<AlarmRecord, 'longKey' | 'userName' | 'address' | 'duration' | 'text'>): string {
  const text = formatAlarmText(language, alarm.longKey, { userName: alarm.userName, addr: alarm.address, duration: formatAlarmDuration(language, alarm.duration) });
  return text || alarm.text;
}
