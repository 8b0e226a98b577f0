// The daily run's lease (ADR 011 amended) and its record (ADR 044): one run however many ask at
// once (the same staff member in two tabs, two instances), the second answered the run under way
// and shown how it goes and its result; a holder whose heartbeat stopped is taken over at once, a
// live one (its heartbeat beats while a single step takes long) never; and a holder taken over
// while it still worked stops, every change and charge made once.
//
// The run's clock is the test's: it moves forward to make a heartbeat old, never by sleeping. The
// payment provider can hold a charge, so that a run is caught in the middle of a step. The two
// tabs post the back office's own form (/admin/policies, "Ejecutar el proceso diario"), so the
// test reads what each tab is told.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppLoadContext } from "@remix-run/node";
import { AdminLoginAnswerSchema } from "../../api/contract/auth";
import type { DatabaseHandle } from "../../api/db/client";
import { RUN_STALE_MS } from "../../api/db/lifecycle.repo";
import { lifecycleJobs, lifecycleRuns, payments, recibos } from "../../api/db/schema";
import { addDays, addMonths } from "../../api/domain/calendar";
import { type LifecycleDeps } from "../../api/services/lifecycle";
import { runLifecycle, SCHEDULE_STARTER } from "../../api/services/daily-run";
import { startLifecycleScheduler } from "../../api/services/daily-run-schedule";
import { startLifecycleJob } from "../../api/services/lifecycle-jobs";
import { TestGateway, type ChargeResult, type MandateChargeRequest, type RefundRequest } from "../../api/services/payments";
import { ADMIN_TOKEN_KEY, ADMIN_USER_KEY, adminSessionStorage } from "../../app/lib/session.server";
import { decodeToast, TOAST_COOKIE, type Toast } from "../../app/lib/toast.server";
import { PROCESS_ID } from "../../platform/process-identity";
import { createTestDatabase, TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD, TEST_ADMIN_USERNAME } from "../support/db";
import { insertTestPolicy } from "../support/policies";
import { readRun, startRun, untilEnded } from "../support/lifecycle-run";
import { memoryLogger, startTestServer, TEST_SESSION_SECRET } from "../support/server";

/** A provider whose next mandate charge can be held until the test lets it go. */
class HoldingGateway extends TestGateway {
  readonly mandateCalls: string[] = [];
  readonly refunds: RefundRequest[] = [];
  private held: { entered: () => void; released: Promise<void> } | null = null;

  /** Holds the next mandate charge: `entered` when it arrives, answered after `release()`. */
  holdNext() {
    let entered!: () => void;
    let release!: () => void;
    const arrived = new Promise<void>((resolve) => (entered = resolve));
    const released = new Promise<void>((resolve) => (release = resolve));
    this.held = { entered, released };
    return { entered: arrived, release };
  }
  override async chargeMandate(request: MandateChargeRequest): Promise<ChargeResult> {
    this.mandateCalls.push(request.idempotencyKey);
    const held = this.held;
    this.held = null;
    if (held) {
      held.entered();
      await held.released;
    }
    return super.chargeMandate(request);
  }
  override async refund(request: RefundRequest): Promise<ChargeResult> {
    this.refunds.push(request);
    return super.refund(request);
  }
}

const OTHER_INSTANCE = "otra-maquina:4242:0badc0de";

let database: DatabaseHandle;
let server: Awaited<ReturnType<typeof startTestServer>>;
let deps: LifecycleDeps;
const gateway = new HoldingGateway();
const logger = memoryLogger();
/** The run's clock: each test starts on the next day (the runs before left every earlier day done). */
let now = new Date("2027-03-01T08:00:00.000Z");
let day = "2027-02-28";
const clock = () => now;

beforeAll(async () => {
  database = await createTestDatabase();
  deps = { db: database.db, payments: gateway, logger };
  server = await startTestServer({ database, now: clock, payments: gateway, logger });
  // Every day before the first test is done: each test's run is that day's only.
  await database.db
    .insert(lifecycleRuns)
    .values({ day: "2027-02-28", status: "hecho", owner: "antes", startedAt: now, heartbeatAt: now, finishedAt: now });
});
afterAll(async () => {
  await server?.stop();
  await database?.close();
});

/** The next day at 09:00 in Madrid, with a policy whose monthly recibo falls due that day. */
async function nextDayWithRecibo() {
  day = addDays(day, 1);
  now = new Date(`${day}T08:00:00.000Z`);
  const policy = await insertTestPolicy(database.db, { startDate: addMonths(day, -1), createdAt: now, frequency: "mensual" });
  const recibo = policy.recibos.find((r) => r.dueDate === day)!;
  expect(recibo).toBeDefined();
  return { policyId: policy.id, reciboId: recibo.id };
}

/** A fresh staff token on the moved clock (its expiry is checked against the API's clock). */
async function signIn() {
  const login = await fetch(`${server.url}/api/admin/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: TEST_ADMIN_EMAIL, password: TEST_ADMIN_PASSWORD }),
  });
  return AdminLoginAnswerSchema.parse(await login.json());
}

/** Staff's POST /admin/lifecycle/run: its 202 answer (the run, and whether it was already under way). */
async function runByStaff() {
  return startRun(server.url, (await signIn()).token);
}

/** The run read until it has ended. */
async function endOf(id: number) {
  return untilEnded(server.url, (await signIn()).token, id);
}

/** A browser tab of the back office: its session and CSRF cookies, and the form's token. */
async function staffTab() {
  const answer = await signIn();
  const storage = adminSessionStorage({ sessionSecrets: [TEST_SESSION_SECRET], secureCookies: false } as AppLoadContext);
  const session = await storage.getSession();
  session.set(ADMIN_TOKEN_KEY, answer.token);
  session.set(ADMIN_USER_KEY, JSON.stringify(answer.admin));
  const sessionCookie = (await storage.commitSession(session)).split(";")[0]!;
  const page = await fetch(`${server.url}/admin/policies`, { headers: { cookie: sessionCookie } });
  expect(page.status).toBe(200);
  const cookies = [sessionCookie, ...page.headers.getSetCookie().map((c) => c.split(";")[0]!)].join("; ");
  const csrf = /name="csrf" value="([^"]+)"/.exec(await page.text())?.[1];
  expect(csrf, "the page's CSRF token").toBeDefined();
  return { cookies, csrf: csrf! };
}

/** "Ejecutar el proceso diario", confirmed, from a tab: where it lands and the toast it shows there. */
async function pressRun(tab: { cookies: string; csrf: string }): Promise<{ location: string; toast: Toast }> {
  const response = await fetch(`${server.url}/admin/policies`, {
    method: "POST",
    headers: { cookie: tab.cookies, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ csrf: tab.csrf, intent: "run-lifecycle", confirmed: "yes" }).toString(),
    redirect: "manual",
  });
  expect(response.status).toBe(302);
  const toast = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .find((c) => c.startsWith(`${TOAST_COOKIE}=`));
  return { location: response.headers.get("location")!, toast: decodeToast(toast?.slice(TOAST_COOKIE.length + 1))! };
}

/** The page a tab landed on, as a browser without JavaScript reads it: its text. */
async function pageText(tab: { cookies: string }, location: string): Promise<string> {
  const page = await fetch(`${server.url}${location}`, { headers: { cookie: tab.cookies } });
  expect(page.status).toBe(200);
  return (await page.text()).replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
}

/** Resolves once a run started after log line `since` has found `day` under way and begun to wait for it (its debug line). */
async function someoneWaits(forDay: string, since: number) {
  for (;;) {
    if (logger.lines.slice(since).some((l) => l.msg === "lifecycle day under way elsewhere" && l.fields?.day === forDay)) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const runRow = async () => (await database.db.select().from(lifecycleRuns).where(eq(lifecycleRuns.day, day)))[0]!;
const callsFor = (reciboId: number) => gateway.mandateCalls.filter((key) => key.startsWith(`recibo-${reciboId}-`));
const paymentsOf = async (reciboId: number) => database.db.select().from(payments).where(eq(payments.reciboId, reciboId));
const summary = (counts: Record<string, number>) => ({
  renovadas: 0,
  vencidas: 0,
  cobrados: 0,
  devueltos: 0,
  suspendidas: 0,
  extinguidas: 0,
  avisos: 0,
  recordatorios: 0,
  errores: 0,
  ...counts,
});

/** A run of `day` by another instance, its last heartbeat `ageMs` ago. */
async function otherInstanceRuns(ageMs: number, counted: Record<string, number> = {}) {
  const beat = new Date(now.getTime() - ageMs);
  await database.db.insert(lifecycleRuns).values({
    day,
    status: "en_curso",
    owner: OTHER_INSTANCE,
    lease: crypto.randomUUID(),
    startedBy: SCHEDULE_STARTER,
    startedAt: new Date(beat.getTime() - 60_000),
    heartbeatAt: beat,
    summary: counted,
  });
}

describe("el contrato del proceso diario", () => {
  it("el mismo empleado lo pide dos veces a la vez (dos pestañas): un solo proceso, las dos pestañas lo siguen hasta su resultado", async () => {
    const { reciboId } = await nextDayWithRecibo();
    const [tab1, tab2] = [await staffTab(), await staffTab()];
    const hold = gateway.holdNext();
    // The run holds the day and is charging the recibo: the action stops waiting for it and lands on the page that follows it.
    const first = await pressRun(tab1);
    const id = Number(/^\/admin\/policies\?proceso=(\d+)#estado-proceso-diario$/.exec(first.location)?.[1]);
    expect(id).toBeGreaterThan(0);
    expect(first.toast).toMatchObject({ type: "info", title: "El proceso diario está en marcha" });
    const dayText = day.split("-").reverse().join("/");
    expect(first.toast.description).toBe(
      `Sigue trabajando en el día ${dayText}: esta página muestra cómo va. Todavía no ha cambiado nada. Termina solo: no hace falta volver a ejecutarlo.`,
    );
    expect(await pageText(tab1, first.location)).toContain(
      `Proceso diario en curso… Lo iniciaste tú (quizá en otra pestaña) el ${dayText} a las 09:00 y sigue trabajando en el día ${dayText}.`,
    );

    const second = await pressRun(tab2);
    expect(second.location).toBe(first.location);
    expect(second.toast).toMatchObject({ type: "info", title: "El proceso diario ya está en marcha" });
    expect(second.toast.description).toBe(
      `Lo iniciaste tú (quizá en otra pestaña) el ${dayText} a las 09:00 y sigue trabajando en el día ${dayText}; no se ha iniciado otro. Todavía no ha cambiado nada. Termina solo: no hace falta volver a ejecutarlo.`,
    );

    hold.release();
    await endOf(id);
    for (const tab of [tab1, tab2]) {
      expect(await pageText(tab, first.location)).toContain(`Proceso diario ejecutado Días procesados: ${dayText}. 1 recibo cobrado.`);
    }
    expect(callsFor(reciboId)).toHaveLength(1);
    expect(await paymentsOf(reciboId)).toHaveLength(1);
    expect(await runRow()).toMatchObject({ status: "hecho", owner: PROCESS_ID, startedBy: TEST_ADMIN_USERNAME });
  });

  it("un proceso corto termina mientras la acción espera: el aviso dice lo que hizo, como antes", async () => {
    const { reciboId } = await nextDayWithRecibo();
    const pressed = await pressRun(await staffTab());
    const dayText = day.split("-").reverse().join("/");
    expect(pressed).toEqual({
      location: "/admin/policies",
      toast: expect.objectContaining({
        type: "success",
        title: "Proceso diario ejecutado",
        description: `Días procesados: ${dayText}. 1 recibo cobrado.`,
      }),
    });
    expect(callsFor(reciboId)).toHaveLength(1);
  });

  it("por la API: 202 con el proceso en el acto, GET lo muestra en curso y luego hecho; la segunda petición responde el mismo (joined)", async () => {
    const { reciboId } = await nextDayWithRecibo();
    const hold = gateway.holdNext();
    const a = await runByStaff();
    expect(a).toMatchObject({ status: "en_curso", joined: false, startedBy: TEST_ADMIN_USERNAME, finishedAt: null, error: null });
    await hold.entered;
    const { token } = await signIn();
    expect(await readRun(server.url, token, a.id)).toMatchObject({ id: a.id, status: "en_curso", days: [], current: { day, summary: summary({}) } });
    const b = await runByStaff();
    expect(b).toMatchObject({ id: a.id, status: "en_curso", joined: true, startedBy: TEST_ADMIN_USERNAME });
    hold.release();
    const ended = await endOf(a.id);
    expect(ended).toMatchObject({ id: a.id, status: "hecho", current: null, error: null });
    expect(ended.days).toEqual([{ day, summary: summary({ cobrados: 1 }) }]);
    expect(ended.finishedAt).not.toBeNull();
    expect(callsFor(reciboId)).toHaveLength(1);
    expect(await database.db.select().from(lifecycleJobs).where(eq(lifecycleJobs.status, "en_curso"))).toEqual([]);
  });

  it("un día ya hecho, pedido otra vez desde dos sitios a la vez, se repite una sola vez", async () => {
    // A recibo of a policy written after today's run: running today again charges it.
    const late = await insertTestPolicy(database.db, { startDate: addMonths(day, -1), createdAt: now, frequency: "mensual" });
    const reciboId = late.recibos.find((r) => r.dueDate === day)!.id;
    expect(await runRow()).toMatchObject({ status: "hecho" });
    const hold = gateway.holdNext();
    const first = await runByStaff();
    await hold.entered;
    const second = await runByStaff();
    expect(second).toMatchObject({ id: first.id, joined: true });
    hold.release();
    expect((await endOf(first.id)).days).toEqual([{ day, summary: summary({ cobrados: 1 }) }]);
    expect(callsFor(reciboId)).toHaveLength(1);
  });

  it("un proceso cuyo latido se paró hace más de 15 s se retoma en cuanto se pide, y sigue contando donde lo dejó", async () => {
    const { reciboId } = await nextDayWithRecibo();
    await otherInstanceRuns(RUN_STALE_MS + 1_000, { suspendidas: 2 });

    const answer = await endOf((await runByStaff()).id);
    expect(answer).toMatchObject({ status: "hecho", error: null });
    expect(answer.days).toEqual([{ day, summary: summary({ suspendidas: 2, cobrados: 1 }) }]);
    expect(callsFor(reciboId)).toHaveLength(1);
    expect(await runRow()).toMatchObject({ status: "hecho", owner: PROCESS_ID, startedBy: TEST_ADMIN_USERNAME });
  });

  it("el proceso programado de otra instancia también lo retoma", async () => {
    const { reciboId } = await nextDayWithRecibo();
    await otherInstanceRuns(RUN_STALE_MS + 1_000);
    const outcome = await runLifecycle(deps, clock, { startedBy: SCHEDULE_STARTER, holder: "instancia-b" });
    expect(outcome).toMatchObject({ days: [{ day, summary: summary({ cobrados: 1 }) }], joined: null, running: null });
    expect(callsFor(reciboId)).toHaveLength(1);
    expect(await runRow()).toMatchObject({ status: "hecho", owner: "instancia-b" });
  });

  it("un proceso con el latido reciente no se retoma: el programado lo deja, y el empleado espera y ve su resultado", async () => {
    const { reciboId } = await nextDayWithRecibo();
    await otherInstanceRuns(RUN_STALE_MS - 1_000);

    const scheduled = await runLifecycle(deps, clock, { startedBy: SCHEDULE_STARTER, holder: "instancia-b" });
    expect(scheduled).toMatchObject({ days: [], joined: null, running: { day, startedBy: SCHEDULE_STARTER } });

    const since = logger.lines.length;
    const staff = await runByStaff();
    expect(staff).toMatchObject({ status: "en_curso", joined: false });
    await someoneWaits(day, since);
    // The other instance finishes its day while staff's run waits for it.
    await database.db
      .update(lifecycleRuns)
      .set({ status: "hecho", finishedAt: now, summary: { cobrados: 1 } })
      .where(and(eq(lifecycleRuns.day, day), eq(lifecycleRuns.owner, OTHER_INSTANCE)));
    const answer = await endOf(staff.id);
    expect(answer).toMatchObject({ status: "hecho" });
    expect(answer.days).toEqual([{ day, summary: summary({ cobrados: 1 }) }]);
    // Nobody here ran it: its recibo was left to its holder (which charged it).
    expect(callsFor(reciboId)).toEqual([]);
    expect(await runRow()).toMatchObject({ status: "hecho", owner: OTHER_INSTANCE });
    await database.db.update(recibos).set({ status: "cobrado", attempts: 1, paidAt: now }).where(eq(recibos.id, reciboId));
  });

  it("el latido sigue mientras un solo paso tarda: tras un minuto en el mismo cobro, el proceso sigue vivo y nadie lo retoma", async () => {
    const { reciboId } = await nextDayWithRecibo();
    const hold = gateway.holdNext();
    const running = runLifecycle(deps, clock, { startedBy: "ana", heartbeatMs: 20 });
    await hold.entered;
    now = new Date(now.getTime() + 60_000);
    for (;;) {
      if ((await runRow()).heartbeatAt.getTime() === now.getTime()) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const other = await runLifecycle(deps, clock, { startedBy: SCHEDULE_STARTER, holder: "instancia-b" });
    expect(other).toMatchObject({ days: [], running: { day, startedBy: "ana" } });

    hold.release();
    expect((await running).days).toEqual([{ day, summary: summary({ cobrados: 1 }) }]);
    expect(callsFor(reciboId)).toHaveLength(1);
  });

  it("si el titular retomado vuelve (estaba parado, no muerto), se detiene: cada cobro y cada cambio se hacen una vez", async () => {
    const { reciboId } = await nextDayWithRecibo();
    const hold = gateway.holdNext();
    // Its heartbeat would come after a minute: for the others it has stopped.
    const stalled = runLifecycle(deps, clock, { startedBy: "ana", holder: "instancia-a", heartbeatMs: 60_000 });
    await hold.entered;
    now = new Date(now.getTime() + RUN_STALE_MS + 1_000);

    const taker = await runLifecycle(deps, clock, { startedBy: SCHEDULE_STARTER, holder: "instancia-b" });
    expect(taker.days).toEqual([{ day, summary: summary({ cobrados: 1 }) }]);
    hold.release();
    const late = await stalled;
    expect(late).toMatchObject({ days: [], running: null });
    expect(logger.lines.some((l) => l.msg === "lifecycle run taken over by another holder: stopped" && l.fields?.day === day)).toBe(true);

    // Both asked the provider, under the recibo's one key: one charge, recorded once, nothing refunded.
    expect(callsFor(reciboId)).toEqual([`recibo-${reciboId}-1`, `recibo-${reciboId}-1`]);
    expect(await paymentsOf(reciboId)).toHaveLength(1);
    expect(gateway.refunds).toEqual([]);
    const [recibo] = await database.db.select().from(recibos).where(eq(recibos.id, reciboId));
    expect(recibo).toMatchObject({ status: "cobrado", attempts: 1 });
    expect(await runRow()).toMatchObject({ status: "hecho", owner: "instancia-b" });
  });
});

describe("el proceso como registro (ADR 044)", () => {
  /** A run under way on another instance, its last heartbeat `ageMs` ago. */
  async function otherInstanceJob(ageMs: number) {
    const beat = new Date(now.getTime() - ageMs);
    const [job] = await database.db
      .insert(lifecycleJobs)
      .values({ status: "en_curso", startedBy: "luis", startedAt: beat, owner: OTHER_INSTANCE, lease: crypto.randomUUID(), heartbeatAt: beat, day })
      .returning();
    return job!;
  }

  it("uno en marcha en otra instancia con el latido reciente: se responde ese, y cualquier instancia dice cómo va", async () => {
    const { reciboId } = await nextDayWithRecibo();
    const other = await otherInstanceJob(RUN_STALE_MS - 1_000);
    const answer = await runByStaff();
    expect(answer).toMatchObject({ id: other.id, status: "en_curso", joined: true, startedBy: "luis" });
    const { token } = await signIn();
    expect(await readRun(server.url, token, other.id)).toMatchObject({ id: other.id, status: "en_curso", days: [], current: null });
    // The other instance ends it (its day, its recibo charged): what this one answers is the database's.
    const days = [{ day, summary: summary({ cobrados: 1 }) }];
    await database.db
      .insert(lifecycleRuns)
      .values({ day, status: "hecho", owner: OTHER_INSTANCE, startedAt: now, heartbeatAt: now, finishedAt: now });
    await database.db.update(recibos).set({ status: "cobrado", attempts: 1, paidAt: now }).where(eq(recibos.id, reciboId));
    await database.db.update(lifecycleJobs).set({ status: "hecho", days, day: null, finishedAt: now }).where(eq(lifecycleJobs.id, other.id));
    expect(await readRun(server.url, token, other.id)).toMatchObject({ status: "hecho", days });
  });

  it("uno cuya instancia dejó de latir: se da por fallido (se dice por qué) y se inicia otro que hace el día", async () => {
    const { reciboId } = await nextDayWithRecibo();
    const other = await otherInstanceJob(RUN_STALE_MS + 1_000);
    const { token } = await signIn();
    expect(await readRun(server.url, token, other.id)).toMatchObject({
      status: "fallido",
      error: expect.stringMatching(/^La instancia que lo ejecutaba dejó de responder/),
    });
    const answer = await runByStaff();
    expect(answer).toMatchObject({ status: "en_curso", joined: false });
    expect(answer.id).toBeGreaterThan(other.id);
    expect((await endOf(answer.id)).days).toEqual([{ day, summary: summary({ cobrados: 1 }) }]);
    expect(callsFor(reciboId)).toHaveLength(1);
    const [given] = await database.db.select().from(lifecycleJobs).where(eq(lifecycleJobs.id, other.id));
    expect(given).toMatchObject({ status: "fallido", error: expect.stringMatching(/^La instancia que lo ejecutaba dejó de responder/) });
  });

  it("un identificador que no existe: 404", async () => {
    const { token } = await signIn();
    const response = await fetch(`${server.url}/api/admin/lifecycle/runs/999999`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: "No existe ese proceso diario" });
  });

  it("el proceso programado inicia el suyo cuando queda un día por hacer, y ninguno cuando está al día", async () => {
    const { reciboId } = await nextDayWithRecibo();
    const before = (await database.db.select().from(lifecycleJobs)).length;
    const scheduler = startLifecycleScheduler(deps, clock, { intervalMs: 60 * 60_000, holder: "instancia-b" });
    try {
      for (;;) {
        const jobs = await database.db.select().from(lifecycleJobs).orderBy(lifecycleJobs.id);
        const last = jobs.at(-1)!;
        if (jobs.length > before && last.status !== "en_curso") {
          expect(last).toMatchObject({
            status: "hecho",
            startedBy: SCHEDULE_STARTER,
            owner: "instancia-b",
            days: [{ day, summary: summary({ cobrados: 1 }) }],
          });
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      await scheduler.stop();
    }
    expect(callsFor(reciboId)).toHaveLength(1);
    // Today done: the schedule's next look starts nothing.
    expect(await startLifecycleJob(deps, clock, { startedBy: SCHEDULE_STARTER, onlyIfDue: true })).toBeNull();
  });
});
