import { cpuUsage } from 'node:process';

/**
 * What `work` returned, and the CPU time in milliseconds this process spent
 * while it ran: for a test of how much work something costs (a matcher that
 * must not backtrack, a file too large to read). Unlike the wall-clock time,
 * waiting for a core on a busy machine does not count, so a bound on it tells
 * linear work from a runaway without failing under load.
 */
export async function withCpuTime<T>(work: () => T | Promise<T>): Promise<{ value: T; cpuMs: number }> {
  const before = cpuUsage();
  const value = await work();
  const spent = cpuUsage(before);
  return { value, cpuMs: (spent.user + spent.system) / 1000 };
}
