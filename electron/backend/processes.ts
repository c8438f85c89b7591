import { hostname } from 'node:os';

/** This machine's name, as recorded beside the process ids of run leases and scratch folders. */
export const thisHost = hostname();

/**
 * Whether a process of this machine is gone, so what it holds (a run's lease, a scratch folder) can be taken back at
 * once. Signal 0 only asks: ESRCH means gone; EPERM means it runs under another user, so it is alive (a reused pid errs
 * towards alive). A process of another machine cannot be asked, so it counts as alive.
 */
export function processGone(pid: number, host: string): boolean {
  if (host !== thisHost || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return error instanceof Error && 'code' in error && error.code === 'ESRCH';
  }
}
