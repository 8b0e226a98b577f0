// The daily run (DOMAIN.md "Lifecycles", LCS arts. 15 and 22; ADR 011): each day's work on the
// policies that move by themselves (term ends, recibos due, suspensions, extinctions, renewal
// notices), one day at a time under a lease so that it runs once across instances, and the
// schedule that starts it. Each policy's change is ./lifecycle.ts's, in its own transaction.
import { addDays, addMonths, madridDate } from "../domain/calendar";
import { extinctionDate, overdueRecibos, renewalNoticeDate } from "../domain/lifecycle";
import { formatIsoDate } from "../contract/format";
import { RENEWAL_STOPPER_LABELS, type RenewalStopper } from "../contract/vocabulary";
import { LIFECYCLE_SCHEDULE_STARTER } from "../contract/admin-policies";
import {
  claimRunDay,
  finishRunDay,
  heartbeatRun,
  readRunDay,
  RUN_HEARTBEAT_MS,
  takeOverRunDay,
  type ClaimedDay,
  type RunLease,
  lastDoneDay,
  policiesAtTermEnd,
  policiesDueForRenewalNotice,
  policiesWithOverdueRecibo,
  recibosDue,
  recordHistory,
  updateRecibo,
} from "../db/lifecycle.repo";
import { abandonedHere, newLeaseToken, startHeartbeat } from "../db/leases";
import { renewalNoticeMonthsAt } from "../db/settings.repo";
import { recibos, type LifecycleRun } from "../db/schema";
import { errorMessage } from "../../platform/logger";
import { eq } from "drizzle-orm";
import { cancelAndNotify, policyStateOf, suspendAndNotify, SYSTEM_ACTOR, transition, withPolicy, type Change, type LifecycleDeps } from "./lifecycle";
import { applyReciboChange } from "./recibos";
import { settleRemittances } from "./remittances";
import { runDunning } from "./dunning";
import { sweepChargeAttempts } from "./charge-attempts";
import { offerRenewal, renew } from "./renewal";
import { compactReportDays } from "../db/reports.repo";
import { advanceClientStages } from "../db/client-stage.repo";
import { leadsFromQuotes } from "./pipeline-daily";

// ─── The daily run ──────────────────────────────────────────────────────────────────────────

export type RunSummary = {
  renovadas: number;
  vencidas: number;
  cobrados: number;
  devueltos: number;
  suspendidas: number;
  extinguidas: number;
  avisos: number;
  /** Dunning reminders of unpaid recibos (ADR 031). */
  recordatorios: number;
  errores: number;
};
const emptySummary = (): RunSummary => ({
  renovadas: 0,
  vencidas: 0,
  cobrados: 0,
  devueltos: 0,
  suspendidas: 0,
  extinguidas: 0,
  avisos: 0,
  recordatorios: 0,
  errores: 0,
});

export type RunDayHooks = {
  /** Counted into as the work goes (the heartbeat writes it, so whoever finds the run sees its progress). */
  summary?: RunSummary;
  /** Called before each policy; throws to stop the run (its lease was taken over). */
  checkLease?: () => void;
};

/**
 * One day's work, in batches of policies, each policy in its own transaction: the term ends
 * (renewal or expiry), the recibos due (charged), the suspensions, the extinctions and the renewal
 * notices. Each step selects by state, so a step done is never done twice and a run cut half-way
 * resumes where it stopped; two runs of one day at once (a holder taken over while it still
 * worked) do each policy's change once, as each re-checks the state under the policy's lock and
 * charges under the recibo's idempotency key. `day` is the date the rules look at; `now` stamps
 * what is written.
 */
export async function runLifecycleDay(deps: LifecycleDeps, day: string, now: () => Date, hooks: RunDayHooks = {}): Promise<RunSummary> {
  const summary = hooks.summary ?? emptySummary();
  const each = async (select: (afterId: number) => Promise<number[]>, work: (c: Change) => Promise<keyof RunSummary | null>) => {
    let after = 0;
    for (;;) {
      const ids = await select(after);
      if (ids.length === 0) return;
      for (const id of ids) {
        hooks.checkLease?.();
        try {
          const counted = await withPolicy(deps, id, SYSTEM_ACTOR, now(), (c) => work({ ...c, today: day }));
          if (counted) summary[counted] += 1;
        } catch (error) {
          summary.errores += 1;
          deps.logger.error("lifecycle: policy failed", { day, policyId: id, error: errorMessage(error) });
        }
      }
      after = ids[ids.length - 1]!;
    }
  };

  // Each step's time in the log: bench/lifecycle.mjs reads these lines (ADR 031).
  let lapStart = Date.now();
  const lap = (step: string) => {
    deps.logger.info("lifecycle step", { day, step, ms: Date.now() - lapStart });
    lapStart = Date.now();
  };

  // 0. Charges left captured by a process that died before writing them are given back first (ADR 027).
  await sweepChargeAttempts(deps).catch((error: unknown) =>
    deps.logger.error("lifecycle: charge attempts sweep failed", { day, error: errorMessage(error) }),
  );
  lap("0 charge attempts sweep");

  // 1. The end of the term: renewed unless stopped (or unpaid), expired otherwise.
  await each(
    (after) => policiesAtTermEnd(deps.db, day, after),
    async (c) => {
      if (c.policy.endDate > day || (c.policy.status !== "en_vigor" && c.policy.status !== "suspendida")) return null;
      if (c.policy.status === "en_vigor" && !c.policy.renewalStoppedBy && (await renew(c))) return "renovadas";
      const why = c.policy.renewalStoppedBy
        ? `renovación detenida por ${RENEWAL_STOPPER_LABELS[c.policy.renewalStoppedBy as RenewalStopper].toLowerCase()}`
        : c.policy.status === "suspendida"
          ? "suspendida por impago al vencimiento"
          : "no se ha podido renovar";
      await transition(
        c,
        { action: "vencer" },
        {
          event: "vencida",
          action: "policy.expired",
          summary: `Póliza vencida el ${formatIsoDate(c.policy.endDate)} (${why})`,
          details: { endDate: c.policy.endDate },
        },
      );
      for (const r of c.policy.recibos) {
        if (r.status === "pendiente" && r.dueDate >= c.policy.endDate) await updateRecibo(c.tx, r.id, { status: "anulado" }, c.now);
      }
      return "vencidas";
    },
  );
  lap("1 term ends");

  // 2. The card recibos due: one attempt each through the policy's mandate (a refusal: devuelto).
  // SEPA recibos are not charged here: staff remit them (ADR 029) and step 2b settles them.
  let afterRecibo = 0;
  for (;;) {
    const ids = await recibosDue(deps.db, day, afterRecibo);
    if (ids.length === 0) break;
    for (const reciboId of ids) {
      hooks.checkLease?.();
      const [row] = await deps.db.select({ policyId: recibos.policyId }).from(recibos).where(eq(recibos.id, reciboId));
      if (!row) continue;
      try {
        const outcome = await withPolicy(deps, row.policyId, SYSTEM_ACTOR, now(), async (c) => {
          const recibo = c.policy.recibos.find((r) => r.id === reciboId);
          if (!recibo || recibo.status !== "pendiente" || recibo.attempts > 0) return null;
          return applyReciboChange(deps, { ...c, today: day }, recibo, { action: "cobrar", via: "mandato" });
        });
        if (outcome) summary[outcome.status === "cobrado" ? "cobrados" : "devueltos"] += 1;
      } catch (error) {
        summary.errores += 1;
        deps.logger.error("lifecycle: recibo failed", { day, reciboId, error: errorMessage(error) });
      }
    }
    afterRecibo = ids[ids.length - 1]!;
  }
  lap("2 card recibos due");

  // 2b. Remitted SEPA recibos not returned by the bank's deadline are collected (counted as cobrados).
  const settled = await settleRemittances(deps, day, now, hooks.checkLease);
  summary.cobrados += settled.cobrados;
  summary.errores += settled.errores;
  lap("2b remittances settled");

  // 3. Art. 15: a recibo unpaid one month after its due date suspends cover.
  await each(
    (after) => policiesWithOverdueRecibo(deps.db, "en_vigor", addDays(day, -28), after),
    async (c) => {
      const [first] = overdueRecibos(policyStateOf(c.policy), day);
      if (!first) return null;
      await suspendAndNotify(deps, c, `recibo ${first.sequence} impagado desde el ${formatIsoDate(first.dueDate)} (art. 15 LCS)`);
      return "suspendidas";
    },
  );
  lap("3 suspensions");

  // 4. Art. 15: six months after the due date without the premium claimed, the contract is extinguished.
  await each(
    (after) => policiesWithOverdueRecibo(deps.db, "suspendida", addMonths(day, -6), after),
    async (c) => {
      const [first] = overdueRecibos(policyStateOf(c.policy), day);
      if (!first || extinctionDate(first.dueDate) > day) return null;
      await cancelAndNotify(deps, c, {
        reason: "impago",
        effectiveDate: extinctionDate(first.dueDate),
        note: `recibo ${first.sequence} impagado seis meses (art. 15 LCS)`,
      });
      return "extinguidas";
    },
  );
  lap("4 extinctions");

  // 5. Art. 22: the renewal notice, with the new premium, two months before the end (or the
  // earlier months of the setting renewal_notice_months in force on the run's day).
  const noticeMonths = await renewalNoticeMonthsAt(deps.db, day);
  await each(
    (after) => policiesDueForRenewalNotice(deps.db, addMonths(day, noticeMonths), after),
    async (c) => {
      if (c.policy.renewalOffer || c.policy.renewalStoppedBy || renewalNoticeDate(c.policy.endDate, noticeMonths) > day) return null;
      const offered = await offerRenewal(c);
      if (!offered.ok) {
        await recordHistory(c.tx, {
          ...c.actor,
          policyId: c.policy.id,
          event: "aviso_renovacion",
          summary: `No se ha podido preparar la renovación: ${offered.reason}`,
          at: c.now,
        });
        return "errores";
      }
      return "avisos";
    },
  );
  lap("5 renewal notices");

  // 6. Dunning (ADR 031): a reminder of each unpaid recibo on the days of the schedule.
  const dunning = await runDunning(deps, day, now, hooks);
  summary.recordatorios += dunning.sent;
  summary.errores += dunning.errors;
  lap("6 dunning");

  // 6b. The client pipeline (ADR 041): what time moves (coming into force, the renewal window), set-based.
  deps.logger.info("lifecycle: client pipeline", { day, ...(await advanceClientStages(deps.db, day, now())) });
  lap("6b client pipeline");

  // 7. The report figures by day (ADR 034): fold the deltas the day's writes appended.
  await compactReportDays(deps.db);
  lap("7 report figures");
  // 8. The sales pipeline (issue 23): quotes not bought in time become leads.
  summary.errores += (await leadsFromQuotes(deps, now())).errors;
  lap("8 leads from quotes");
  return summary;
}

export type RunReport = { day: string; summary: RunSummary }[];

/** A run of a day by another holder, as whoever finds it under way is told. */
export type RunUnderWay = { day: string; startedBy: string | null; startedAt: Date; summary: RunSummary };

export type RunOutcome = {
  /** The days whose work is done: by this call, or by the run it found under way and waited for. */
  days: RunReport;
  /** The run that was already under way when this call asked (another tab, staff member, instance, the schedule): this call did not start another. */
  joined: RunUnderWay | null;
  /** A run still under way when this call stopped waiting (what it has done so far). */
  running: RunUnderWay | null;
};

export type RunOptions = {
  /** Who asks: a staff member's username, or the schedule (SCHEDULE_STARTER). */
  startedBy: string;
  /** Today once more even if done (staff's "Ejecutar ahora"; idempotent, so it only picks up what is new). */
  again?: boolean;
  /** How long to wait for a day under way elsewhere to end before answering what it has done so far; 0 by default (a run recorded in lifecycle_jobs waits as long as it takes). */
  waitMs?: number;
  /** The holder's process (tests: another instance); this process when not given. */
  holder?: string;
  /** The heartbeat's interval (tests); RUN_HEARTBEAT_MS when not given. */
  heartbeatMs?: number;
  /** Told, before each day, that day and the days done so far (the run's record, ADR 044). */
  onDay?: (day: string, done: RunReport) => Promise<void>;
};

export const SCHEDULE_STARTER = LIFECYCLE_SCHEDULE_STARTER;
const RUN_POLL_MS = 200;

/** The run's lease was taken over while it worked (its heartbeat was missed for RUN_STALE_MS): it stops. */
class RunLeaseLost extends Error {
  constructor(readonly day: string) {
    super(`The lifecycle run of ${day} was taken over by another holder`);
    this.name = "RunLeaseLost";
  }
}

export const summaryOf = (stored: Record<string, number> | null | undefined): RunSummary => ({ ...emptySummary(), ...stored });
const underWay = (row: LifecycleRun): RunUnderWay => ({
  day: row.day,
  startedBy: row.startedBy,
  startedAt: row.startedAt,
  summary: summaryOf(row.summary),
});

/**
 * Every day not yet run, from the day after the last finished one to today (Madrid), each claimed
 * through its lease row so that only one holder runs it. A day held by a live holder (heartbeat
 * fresher than RUN_STALE_MS) is not run again: this call waits up to `waitMs` for it to finish and
 * reports its result (`joined`), or reports it under way (`running`). A day whose holder is gone
 * (stale heartbeat, or a run of this process that ended without letting go) is taken over at once.
 */
export async function runLifecycle(deps: LifecycleDeps, clock: () => Date, opts: RunOptions): Promise<RunOutcome> {
  const today = madridDate(clock());
  const last = await lastDoneDay(deps.db);
  const outcome: RunOutcome = { days: [], joined: null, running: null };
  if (last === today && !opts.again) return outcome;
  const deadline = Date.now() + (opts.waitMs ?? 0);
  for (let day = last && last < today ? addDays(last, 1) : today; day <= today; day = addDays(day, 1)) {
    await opts.onDay?.(day, outcome.days);
    const token = newLeaseToken(opts.holder);
    try {
      const lease: RunLease = { day, holder: token.holder, token: token.token };
      const claim = await claimOrWait(deps, lease, clock, { ...opts, again: opts.again && day === today, deadline }, outcome);
      if (claim === "stop") break;
      if (claim === "skip") continue;
      const summary = await runHeldDay(deps, clock, lease, summaryOf(claim.summary), opts.heartbeatMs ?? RUN_HEARTBEAT_MS);
      if (!summary) {
        const row = await readRunDay(deps.db, day);
        outcome.running = row && row.status === "en_curso" ? underWay(row) : null;
        break;
      }
      outcome.days.push({ day, summary });
    } finally {
      token.release();
    }
  }
  return outcome;
}

/**
 * The day for this lease, or what to do when another holder has it: "skip" (done by another;
 * recorded in `outcome.days` when this call waited for it) or "stop" (still under way when the
 * wait ended; recorded in `outcome.running`).
 */
async function claimOrWait(
  deps: LifecycleDeps,
  lease: RunLease,
  clock: () => Date,
  opts: RunOptions & { deadline: number },
  outcome: RunOutcome,
): Promise<ClaimedDay | "skip" | "stop"> {
  const { db } = deps;
  let waited: LifecycleRun | null = null;
  for (;;) {
    const claimed = await claimRunDay(db, lease, opts.startedBy, clock());
    if (claimed) return claimed;
    const row = await readRunDay(db, lease.day);
    if (!row) continue;
    if (row.status === "hecho") {
      if (waited) {
        outcome.joined ??= underWay(waited);
        outcome.days.push({ day: row.day, summary: summaryOf(row.summary) });
        return "skip";
      }
      if (!opts.again) return "skip";
      const reopened = await takeOverRunDay(db, lease, opts.startedBy, { status: "hecho" }, clock());
      if (reopened) return reopened;
      continue;
    }
    if (abandonedHere(row.owner, row.lease)) {
      const taken = await takeOverRunDay(db, lease, opts.startedBy, { status: "en_curso", token: row.lease }, clock());
      if (taken) return taken;
      continue;
    }
    if (!waited)
      deps.logger.debug("lifecycle day under way elsewhere", {
        day: row.day,
        holder: row.owner,
        startedBy: row.startedBy,
        waitMs: Math.max(0, opts.deadline - Date.now()),
      });
    waited = row;
    if (Date.now() >= opts.deadline) {
      outcome.running = underWay(row);
      return "stop";
    }
    await new Promise((resolve) => setTimeout(resolve, RUN_POLL_MS));
  }
}

/**
 * Runs a claimed day with its heartbeat beating every `heartbeatMs` (with the progress) until it
 * ends. Null when the lease was taken over meanwhile (the heartbeat or the finish found the row
 * another holder's): the run stopped, the new holder goes on from where the rows are.
 */
async function runHeldDay(
  deps: LifecycleDeps,
  clock: () => Date,
  lease: RunLease,
  summary: RunSummary,
  heartbeatMs: number,
): Promise<RunSummary | null> {
  let lost = false;
  const heartbeat = startHeartbeat(
    heartbeatMs,
    async () => {
      if (!(await heartbeatRun(deps.db, lease, { ...summary }, clock()))) lost = true;
    },
    (error) => deps.logger.warn("lifecycle heartbeat failed", { day: lease.day, error: errorMessage(error) }),
  );
  const started = Date.now();
  try {
    await runLifecycleDay(deps, lease.day, clock, {
      summary,
      checkLease: () => {
        if (lost) throw new RunLeaseLost(lease.day);
      },
    });
    heartbeat.stop();
    if (!(await finishRunDay(deps.db, lease, { ...summary }, clock()))) throw new RunLeaseLost(lease.day);
  } catch (error) {
    if (!(error instanceof RunLeaseLost)) throw error;
    deps.logger.warn("lifecycle run taken over by another holder: stopped", { day: lease.day, ...summary });
    return null;
  } finally {
    heartbeat.stop();
  }
  deps.logger.info("lifecycle run", { day: lease.day, ms: Date.now() - started, ...summary });
  return summary;
}
