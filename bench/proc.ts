// What Linux says of a process the benchmarks measure: its CPU time and resident memory, read from /proc.
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat's times (USER_HZ, 100 on Linux). */
const CLK_TCK = 100;

/** CPU seconds the process has used so far: in its own code (user) and in the kernel for it (system). */
export function cpuTimes(pid: number): { user: number; system: number } {
  // utime and stime are fields 14 and 15 of the line, 12 and 13 after the command name.
  const fields = statFields(pid);
  return { user: Number(fields[11]) / CLK_TCK, system: Number(fields[12]) / CLK_TCK };
}

/** The fields of /proc/<pid>/stat after the command name: the parent's pid is [1], utime and stime [11] and [12]. */
const statFields = (pid: number) => readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];

/** CPU seconds of the process and of its children (an API primary and the workers it forked), by pid. */
export function processTreeCpuSeconds(pid: number): Map<number, number> {
  const tree = new Map<number, number>([[pid, cpuSeconds(pid)]]);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (Number(statFields(Number(entry))[1]) === pid) tree.set(Number(entry), cpuSeconds(Number(entry)));
    } catch {
      // The process ended between the listing and the reading.
    }
  }
  return tree;
}

/** User + system CPU seconds the process has used so far. */
export const cpuSeconds = (pid: number) => {
  const { user, system } = cpuTimes(pid);
  return user + system;
};

/** The process's resident memory, in KB. */
export const rssKb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
