import type { Language } from '@vigil/contracts';

/** Duration texts of the time helper (keys `time.*`, spec 01 §9). */
export const durationLocales: Record<Language, Record<string, string>> = {
  'en-us': {
    'time.seconds': '{{seconds}} s',
    'time.lessThanMinute': 'less than one minute',
    'time.minutes': '{{minutes}} min',
    'time.hoursMinutes': '{{hours}} h {{minutes}} min',
    'time.daysHours': '{{days}} d {{hours}} h',
  },
  'zh-cn': {
    'time.seconds': '{{seconds}}秒',
    'time.lessThanMinute': '不到一分钟',
    'time.minutes': '{{minutes}}分钟',
    'time.hoursMinutes': '{{hours}}小时{{minutes}}分钟',
    'time.daysHours': '{{days}}天{{hours}}小时',
  },
  ko: {
    'time.seconds': '{{seconds}}초',
    'time.lessThanMinute': '1분 미만',
    'time.minutes': '{{minutes}}분',
    'time.hoursMinutes': '{{hours}}시간 {{minutes}}분',
    'time.daysHours': '{{days}}일 {{hours}}시간',
  },
  de: {
    'time.seconds': '{{seconds}} s',
    'time.lessThanMinute': 'weniger als eine Minute',
    'time.minutes': '{{minutes}} min',
    'time.hoursMinutes': '{{hours}} h {{minutes}} min',
    'time.daysHours': '{{days}} T. {{hours}} h',
  },
  cs: {
    'time.seconds': '{{seconds}} s',
    'time.lessThanMinute': 'méně než minuta',
    'time.minutes': '{{minutes}} min',
    'time.hoursMinutes': '{{hours}} h {{minutes}} min',
    'time.daysHours': '{{days}} d {{hours}} h',
  },
  it: {
    'time.seconds': '{{seconds}} s',
    'time.lessThanMinute': 'meno di un minuto',
    'time.minutes': '{{minutes}} min',
    'time.hoursMinutes': '{{hours}} h {{minutes}} min',
    'time.daysHours': '{{days}} g {{hours}} h',
  },
  ja: {
    'time.seconds': '{{seconds}}秒',
    'time.lessThanMinute': '1分未満',
    'time.minutes': '{{minutes}}分',
    'time.hoursMinutes': '{{hours}}時間{{minutes}}分',
    'time.daysHours': '{{days}}日{{hours}}時間',
  },
};
