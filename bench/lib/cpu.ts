// CPU time of other processes, read from /proc (Linux): what a server process spent on the work the
// load generator (in this process) sent it, whatever else runs on the machine. Clock ticks are
// 1/CLK_TCK s (10 ms here), so a measured run must be long enough for that to be small.

import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';

let ticksPerSecond: number | null = null;
function clockTicks(): number {
  if (ticksPerSecond === null) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

interface Stat {
  ppid: number;
  /** utime + stime of the process (all its threads), in ticks. */
  own: number;
  /** cutime + cstime: what its children that it has waited for spent, in ticks. */
  reaped: number;
}

function readStat(pid: number): Stat | null {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // The command name (field 2) is in parentheses and may hold spaces: split after its last ')'.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  // fields[0] is field 3 (state): ppid is field 4, utime..cstime fields 14..17.
  const n = (field: number) => Number(fields[field - 3]);
  return { ppid: n(4), own: n(14) + n(15), reaped: n(16) + n(17) };
}

export const cpuAvailable = (): boolean => existsSync('/proc/self/stat');

/** CPU time in ms of one process (every thread: the service's PGlite runs in it too). */
export function processCpuMs(pid: number): number {
  const stat = readStat(pid);
  if (!stat) throw new Error(`no /proc/${pid}/stat: the process is gone`);
  return (stat.own * 1000) / clockTicks();
}

/**
 * CPU time in ms of a process and every descendant, ended ones included (as far as they were
 * waited for): a PostgreSQL server's postmaster with its backends and workers.
 */
export function treeCpuMs(rootPid: number): number {
  const stats = new Map<number, Stat>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readStat(Number(entry));
    if (stat) stats.set(Number(entry), stat);
  }
  const root = stats.get(rootPid);
  if (!root) throw new Error(`no /proc/${rootPid}/stat: the process is gone`);
  let ticks = root.own + root.reaped;
  const inTree = (pid: number): boolean => {
    for (let at = stats.get(pid)?.ppid; at; at = stats.get(at)?.ppid) if (at === rootPid) return true;
    return false;
  };
  for (const [pid, stat] of stats) if (pid !== rootPid && inTree(pid)) ticks += stat.own + stat.reaped;
  return (ticks * 1000) / clockTicks();
}
