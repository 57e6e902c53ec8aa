// What Linux says of a process the benchmarks measure: its CPU time and resident memory, read from /proc.
import { readFileSync } from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat's times (USER_HZ, 100 on Linux). */
const CLK_TCK = 100;

/** CPU seconds the process has used so far: in its own code (user) and in the kernel for it (system). */
export function cpuTimes(pid: number): { user: number; system: number } {
  // utime and stime are fields 14 and 15 of the line, 12 and 13 after the command name.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return { user: Number(fields[11]) / CLK_TCK, system: Number(fields[12]) / CLK_TCK };
}

/** User + system CPU seconds the process has used so far. */
export const cpuSeconds = (pid: number) => {
  const { user, system } = cpuTimes(pid);
  return user + system;
};

/** The process's resident memory, in KB. */
export const rssKb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
