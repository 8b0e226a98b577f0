// The daily runs as asked for (lifecycle_jobs, ADR 044): at most one under way (a partial unique
// index), its holder's heartbeat, its progress and its end. Every write of a run is conditional on
// its holder's token, so a run given up as stale that comes back cannot overwrite what followed.
import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "./client";
import { lifecycleJobs, type LifecycleJob } from "./schema";

export type JobProgress = { day: string | null; days: { day: string; summary: Record<string, number> }[] };

/** A new run under way for this holder; null when another is already under way (the index refused it). */
export async function insertJob(db: DbOrTx, job: { startedBy: string; owner: string; lease: string; now: Date }): Promise<LifecycleJob | null> {
  const [row] = await db
    .insert(lifecycleJobs)
    .values({ status: "en_curso", startedBy: job.startedBy, startedAt: job.now, owner: job.owner, lease: job.lease, heartbeatAt: job.now })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

export async function runningJob(db: DbOrTx): Promise<LifecycleJob | null> {
  const [row] = await db.select().from(lifecycleJobs).where(eq(lifecycleJobs.status, "en_curso"));
  return row ?? null;
}

export async function readJob(db: DbOrTx, id: number): Promise<LifecycleJob | null> {
  const [row] = await db.select().from(lifecycleJobs).where(eq(lifecycleJobs.id, id));
  return row ?? null;
}

const held = (job: Pick<LifecycleJob, "id" | "lease">) =>
  and(eq(lifecycleJobs.id, job.id), eq(lifecycleJobs.lease, job.lease), eq(lifecycleJobs.status, "en_curso"));

/** The holder's heartbeat with its progress; false when the run is no longer its own (given up as stale). */
export async function heartbeatJob(db: DbOrTx, job: Pick<LifecycleJob, "id" | "lease">, progress: JobProgress, now: Date): Promise<boolean> {
  const rows = await db
    .update(lifecycleJobs)
    .set({ heartbeatAt: now, day: progress.day, days: progress.days })
    .where(held(job))
    .returning({ id: lifecycleJobs.id });
  return rows.length === 1;
}

/** The run's end: hecho with its days, or fallido with why. False when it was no longer its holder's. */
export async function finishJob(
  db: DbOrTx,
  job: Pick<LifecycleJob, "id" | "lease">,
  end: { status: "hecho" | "fallido"; days: JobProgress["days"]; error: string | null },
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(lifecycleJobs)
    .set({ status: end.status, days: end.days, error: end.error, day: null, finishedAt: now, heartbeatAt: now })
    .where(held(job))
    .returning({ id: lifecycleJobs.id });
  return rows.length === 1;
}
