// The daily run as a record (ADR 044): asked for by staff or the schedule, it is started and
// answered at once with its id; it works in the background of the instance that started it
// (./daily-run.ts's runLifecycle, each day under its lease), and lifecycle_jobs says, to any
// instance, whether it is under way (with what it has done so far), done or failed. At most one
// run is under way: whoever asks meanwhile is answered that one.
import { formatIsoDate } from "../contract/format";
import type { LifecycleRun } from "../contract/admin-policies";
import { madridDate } from "../domain/calendar";
import { finishJob, heartbeatJob, insertJob, readJob, runningJob, type JobProgress } from "../db/lifecycle-jobs.repo";
import { lastDoneDay, readRunDay, RUN_HEARTBEAT_MS, RUN_STALE_MS } from "../db/lifecycle.repo";
import { abandonedHere, newLeaseToken, startHeartbeat } from "../db/leases";
import type { LifecycleJob } from "../db/schema";
import { errorMessage } from "../../platform/logger";
import { runLifecycle, summaryOf } from "./daily-run";
import type { LifecycleDeps } from "./lifecycle";

export const LIFECYCLE_RUN_NOT_FOUND_MESSAGE = "No existe ese proceso diario";
export const RUN_FAILED_MESSAGE =
  "El proceso diario ha fallado (los detalles están en los registros). Lo hecho se conserva: al ejecutarlo de nuevo sigue donde se quedó.";
export const RUN_STOPPED_MESSAGE =
  "La instancia que lo ejecutaba dejó de responder. Lo hecho se conserva: al ejecutarlo de nuevo, o en el próximo proceso programado, sigue donde se quedó.";
const takenOverMessage = (day: string) => `Otra instancia ha retomado el día ${formatIsoDate(day)} y lo termina ella.`;

export type JobStart = {
  job: LifecycleJob;
  /** The run was already under way (another tab, staff member, instance, the schedule): no other was started. */
  joined: boolean;
  /** The run's work, when this call started it: resolves when it ends (never rejects). */
  done: Promise<void> | null;
};

export type JobOptions = {
  /** A staff member's username, or the schedule (SCHEDULE_STARTER). */
  startedBy: string;
  /** Today once more even if done (staff's button); the schedule only runs the days not done. */
  again?: boolean;
  /** The schedule: start nothing when every day up to today is done. */
  onlyIfDue?: boolean;
  /** The holder's process (tests: another instance); this process when not given. */
  holder?: string;
  /** The heartbeats' interval (tests); RUN_HEARTBEAT_MS when not given. */
  heartbeatMs?: number;
};

/** A run under way whose holder has stopped answering: its heartbeat is stale, or it was this process's and its work has ended. */
const isGone = (job: LifecycleJob, now: Date) => now.getTime() - job.heartbeatAt.getTime() > RUN_STALE_MS || abandonedHere(job.owner, job.lease);

/**
 * Starts a run, or finds the one under way. A run under way whose holder is gone is closed as
 * failed first (what it did is kept: each day resumes from its rows), and a new one is started.
 * Null when `onlyIfDue` and there is nothing to do.
 */
export async function startLifecycleJob(deps: LifecycleDeps, clock: () => Date, opts: JobOptions): Promise<JobStart | null> {
  const { db } = deps;
  for (;;) {
    const running = await runningJob(db);
    if (running) {
      if (!isGone(running, clock())) return { job: running, joined: true, done: null };
      if (await finishJob(db, running, { status: "fallido", days: running.days, error: RUN_STOPPED_MESSAGE }, clock()))
        deps.logger.warn("lifecycle run given up: its holder stopped answering", { id: running.id, holder: running.owner });
      continue;
    }
    if (opts.onlyIfDue && (await lastDoneDay(db)) === madridDate(clock())) return null;
    const token = newLeaseToken(opts.holder);
    const job = await insertJob(db, { startedBy: opts.startedBy, owner: token.holder, lease: token.token, now: clock() }).catch((error: unknown) => {
      token.release();
      throw error;
    });
    if (!job) {
      // Another started one between the read and the insert: answer that one.
      token.release();
      continue;
    }
    const done = workJob(deps, clock, job, opts).finally(() => token.release());
    return { job, joined: false, done };
  }
}

/** The run's work with its heartbeat, and its end recorded. */
async function workJob(deps: LifecycleDeps, clock: () => Date, job: LifecycleJob, opts: JobOptions): Promise<void> {
  const progress: JobProgress = { day: null, days: [] };
  const beat = async () => {
    if (!(await heartbeatJob(deps.db, job, progress, clock()))) deps.logger.warn("lifecycle run no longer held here", { id: job.id });
  };
  const heartbeat = startHeartbeat(opts.heartbeatMs ?? RUN_HEARTBEAT_MS, beat, (error) =>
    deps.logger.warn("lifecycle run heartbeat failed", { id: job.id, error: errorMessage(error) }),
  );
  try {
    const outcome = await runLifecycle(deps, clock, {
      startedBy: opts.startedBy,
      again: opts.again,
      holder: opts.holder,
      heartbeatMs: opts.heartbeatMs,
      // In the background nobody waits for an answer: a day held by a live holder elsewhere is waited for.
      waitMs: Number.POSITIVE_INFINITY,
      onDay: async (day, done) => {
        progress.day = day;
        progress.days = done.map((d) => ({ day: d.day, summary: { ...d.summary } }));
        await beat();
      },
    });
    heartbeat.stop();
    const days = outcome.days.map((d) => ({ day: d.day, summary: { ...d.summary } }));
    const end = outcome.running
      ? { status: "fallido" as const, days, error: takenOverMessage(outcome.running.day) }
      : { status: "hecho" as const, days, error: null };
    await finishJob(deps.db, job, end, clock());
  } catch (error) {
    heartbeat.stop();
    deps.logger.error("lifecycle run failed", { id: job.id, error: errorMessage(error) });
    await finishJob(deps.db, job, { status: "fallido", days: progress.days, error: RUN_FAILED_MESSAGE }, clock()).catch((e: unknown) =>
      deps.logger.error("lifecycle run: its failure could not be recorded", { id: job.id, error: errorMessage(e) }),
    );
  }
}

/** The run as GET /admin/lifecycle/runs/{id} answers it: a run under way with a holder gone is told as failed. */
export async function lifecycleRunAnswer(deps: Pick<LifecycleDeps, "db">, job: LifecycleJob, now: Date): Promise<LifecycleRun> {
  const gone = job.status === "en_curso" && now.getTime() - job.heartbeatAt.getTime() > RUN_STALE_MS;
  const status = gone ? "fallido" : (job.status as LifecycleRun["status"]);
  // The day under way: what it has done so far is its lease row's, written by that day's heartbeat.
  const dayRow = status === "en_curso" && job.day && !job.days.some((d) => d.day === job.day) ? await readRunDay(deps.db, job.day) : null;
  return {
    id: job.id,
    status,
    startedBy: job.startedBy,
    startedAt: job.startedAt.toISOString(),
    finishedAt: job.finishedAt?.toISOString() ?? null,
    days: job.days.map((d) => ({ day: d.day, summary: summaryOf(d.summary) })),
    current: dayRow ? { day: dayRow.day, summary: summaryOf(dayRow.summary) } : null,
    error: gone ? RUN_STOPPED_MESSAGE : job.error,
  };
}

export async function readLifecycleRun(deps: Pick<LifecycleDeps, "db">, id: number, now: Date): Promise<LifecycleRun | null> {
  const job = await readJob(deps.db, id);
  return job && lifecycleRunAnswer(deps, job, now);
}
