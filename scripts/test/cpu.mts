import fs from 'node:fs';

/** Clock ticks per second of /proc's times (USER_HZ): 100 on every Linux build Vigil runs on. */
const TICKS_PER_SECOND = 100;

/**
 * CPU seconds (user + system) used so far by this process's children that have ended and been
 * waited for, and by their own waited-for children: a phase's processes, their test servers and
 * browsers. Read from /proc/self/stat (cutime, cstime); null where there is no /proc.
 */
export function childrenCpuSeconds(): number | null {
  let stat: string;
  try {
    stat = fs.readFileSync('/proc/self/stat', 'utf8');
  } catch {
    return null;
  }
  // The command name (field 2) may hold spaces: count fields after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields 16 and 17 of the file (cutime, cstime) are the 14th and 15th after the name.
  const cutime = Number(fields[13]);
  const cstime = Number(fields[14]);
  return Number.isFinite(cutime) && Number.isFinite(cstime) ? (cutime + cstime) / TICKS_PER_SECOND : null;
}
