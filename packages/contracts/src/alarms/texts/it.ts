import type { AlarmTexts } from './en-us.ts';
import { alarmTextsEnUS } from './en-us.ts';

// TODO(alarms): translated wording follows in the next commit; English until then.
export const alarmTextsIt: AlarmTexts = { ...alarmTextsEnUS };
