// Leases in the database held by work in this process: the daily run's day
// (lifecycle_runs) and a checkout's claim of its quote (checkout_claims). Each lease row names its
// holder (PROCESS_ID) and carries a token and a heartbeat that the holder writes every few seconds
// while the work runs, whatever the work is doing. Another instance takes a lease over when the
// heartbeat stops (stale after a few missed beats); this process may take over its own lease at
// once when the work that held it has ended (it failed, and could not let go because the database
// was away): it knows that work is gone.
import { randomUUID } from "node:crypto";
import { PROCESS_ID } from "../../platform/process-identity";

/** The tokens of the leases work in this process holds right now. */
const held = new Set<string>();

export type LeaseToken = { holder: string; token: string; release(): void };

/** A new lease token for work about to claim something; `release()` when that work ends, however it ends. */
export function newLeaseToken(holder: string = PROCESS_ID): LeaseToken {
  const token = randomUUID();
  held.add(token);
  return { holder, token, release: () => void held.delete(token) };
}

/** Whether a lease row of `holder` with `token` was left by work of this process that has ended. */
export function abandonedHere(holder: string | null, token: string | null): boolean {
  return holder === PROCESS_ID && (token === null || !held.has(token));
}

/**
 * Calls `beat` every `intervalMs` until stopped, never two at once; a failed beat (the database
 * away) is reported to `onError` and the next one tries again. The timer does not keep the
 * process alive.
 */
export function startHeartbeat(intervalMs: number, beat: () => Promise<void>, onError: (error: unknown) => void): { stop(): void } {
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    beat()
      .catch(onError)
      .finally(() => (busy = false));
  }, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
