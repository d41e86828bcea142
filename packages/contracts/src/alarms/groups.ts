import { z } from 'zod';
import { ALARM_GROUPS } from './groups-values.ts';

// The schemas; the values and types live in groups-values.ts (no zod), which the console's shell reads:
// a module's code lands in one chunk, so schemas beside them would bring zod into the shell.
export * from './groups-values.ts';

export const AlarmGroupSchema = z.enum(ALARM_GROUPS, { error: 'validation.alarmGroup' });
