// The daily run's schedule inside the server (ADR 011): the run itself is ./daily-run.ts, started
// and recorded as ./lifecycle-jobs.ts does for staff (ADR 044).
import { errorMessage } from "../../platform/logger";
import { RUN_STALE_MS } from "../db/lifecycle.repo";
import { SCHEDULE_STARTER } from "./daily-run";
import { startLifecycleJob } from "./lifecycle-jobs";
import type { LifecycleDeps } from "./lifecycle";

export type LifecycleScheduler = { stop(): Promise<void> };

/**
 * Runs the lifecycle inside the server: once at start (catching up the days missed while it was
 * down) and then every `intervalMs`, which finds nothing to do until the next day begins in Spain.
 * Several instances may run it: one run is under way at a time (lifecycle_jobs) and the day's lease
 * row lets one holder do each day. An instance that finds a run under way elsewhere looks again
 * every RUN_STALE_MS until it ends, so that if its holder dies the run is taken over within
 * seconds, not at the next interval.
 */
export function startLifecycleScheduler(deps: LifecycleDeps, clock: () => Date, opts: { intervalMs: number; holder?: string }): LifecycleScheduler {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  let again: ReturnType<typeof setTimeout> | undefined;
  const tick = () => {
    if (stopped) return;
    clearTimeout(again);
    running = startLifecycleJob(deps, clock, { startedBy: SCHEDULE_STARTER, holder: opts.holder, onlyIfDue: true }).then(
      async (start) => {
        if (start?.done) return start.done;
        if (start?.joined && !stopped) {
          again = setTimeout(() => void running.then(tick), RUN_STALE_MS);
          again.unref();
        }
      },
      (error) => deps.logger.error("lifecycle run failed", { error: errorMessage(error) }),
    );
  };
  const first = setTimeout(tick, 1_000);
  const timer = setInterval(() => void running.then(tick), opts.intervalMs);
  first.unref();
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearTimeout(again);
      clearInterval(timer);
      await running;
    },
  };
}
