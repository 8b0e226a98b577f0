// The policy lifecycle over real HTTP with the API's clock moved by the test: the rules of the
// Ley de Contrato de Seguro the domain relies on (art. 15: suspension one month after an unpaid
// recibo's due date, cover back 24 h after paying, extinction at six months; art. 22: renewal
// notice two months before the end, stopping the renewal, renewal re-rated with the tariff in
// force), and the daily run: catch-up after days down, idempotent, once per day across runners.
import { and, count, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../api/db/client";
import { lifecycleRuns, outboxEmails, policyHistory, tariffs, auditLog } from "../../api/db/schema";
import { priceRenewal } from "../../api/services/renewal";
import { runLifecycle } from "../../api/services/daily-run";
import { lockPolicy } from "../../api/db/lifecycle.repo";
import { TestGateway } from "../../api/services/payments";
import { createTestDatabase, TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD } from "../support/db";
import { memoryLogger, startTestServer } from "../support/server";
import { insertTestPolicy, policyRow, reciboRows, type TestPolicy } from "../support/policies";
import { runToEnd } from "../support/lifecycle-run";

let database: DatabaseHandle;
let server: Awaited<ReturnType<typeof startTestServer>>;
let token: string;
/** The API's clock: the tests move it forward, never back. */
let now = new Date("2027-01-01T09:00:00.000Z");
const at = (iso: string) => {
  const next = new Date(iso);
  expect(next.getTime()).toBeGreaterThanOrEqual(now.getTime());
  now = next;
};

/** A fresh token on the moved clock (a token's expiry is checked against the API's clock). */
async function signIn() {
  const login = await fetch(`${server.url}/api/admin/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: TEST_ADMIN_EMAIL, password: TEST_ADMIN_PASSWORD }),
  });
  token = ((await login.json()) as { token: string }).token;
}

async function api(method: string, path: string, body?: unknown) {
  await signIn();
  const response = await fetch(`${server.url}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> & { error?: string } };
}
const run = async () => {
  await signIn();
  const ended = await runToEnd(server.url, token);
  expect(ended.status, JSON.stringify(ended)).toBe("hecho");
  return ended.days;
};
/** The notices of the lifecycle (the dunning reminders between them are tested in dunning.test.ts). */
const mailsTo = async (to: string) =>
  (await database.db.select().from(outboxEmails).where(eq(outboxEmails.to, to)).orderBy(desc(outboxEmails.id))).filter(
    (m) => !m.subject.startsWith("Recordatorio de pago"),
  );
const history = async (policyId: number) =>
  database.db.select().from(policyHistory).where(eq(policyHistory.policyId, policyId)).orderBy(desc(policyHistory.id));

// Policies on 1 January 2027, before the first run.
let unpaid: TestPolicy; // monthly, its mandate refuses every later charge: suspended, then paid
let neverPaid: TestPolicy; // monthly, refused, never paid: extinguished at six months
let renewing: TestPolicy; // yearly, renewed on 1 January 2028 with a changed tariff
let stopped: TestPolicy; // yearly, the customer stops the renewal: expires on 1 January 2028

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startTestServer({ database, now: () => now, logger: memoryLogger() });
  const createdAt = now;
  unpaid = await insertTestPolicy(database.db, { startDate: "2027-01-01", createdAt, frequency: "mensual", mandate: "fail" });
  neverPaid = await insertTestPolicy(database.db, { startDate: "2027-01-01", createdAt, frequency: "mensual", mandate: "fail" });
  renewing = await insertTestPolicy(database.db, { startDate: "2027-01-01", createdAt });
  stopped = await insertTestPolicy(database.db, { startDate: "2027-01-01", createdAt });
});
afterAll(async () => {
  await server?.stop();
  await database?.close();
});

describe("el proceso diario y la Ley de Contrato de Seguro", () => {
  it("el primer proceso hace solo el día de hoy, y repetirlo no cambia nada", async () => {
    expect((await run()).map((d) => d.day)).toEqual(["2027-01-01"]);
    const before = (await database.db.select({ n: count() }).from(policyHistory))[0]!.n;
    const again = await run();
    expect(again).toEqual([
      {
        day: "2027-01-01",
        summary: { renovadas: 0, vencidas: 0, cobrados: 0, devueltos: 0, suspendidas: 0, extinguidas: 0, avisos: 0, recordatorios: 0, errores: 0 },
      },
    ]);
    expect((await database.db.select({ n: count() }).from(policyHistory))[0]!.n).toBe(before);
  });

  it("tras tres días parado, recupera los tres días", async () => {
    at("2027-01-04T08:00:00.000Z");
    expect((await run()).map((d) => d.day)).toEqual(["2027-01-02", "2027-01-03", "2027-01-04"]);
    const days = await database.db.select().from(lifecycleRuns).orderBy(lifecycleRuns.day);
    expect(days.map((d) => [d.day, d.status])).toEqual([
      ["2027-01-01", "hecho"],
      ["2027-01-02", "hecho"],
      ["2027-01-03", "hecho"],
      ["2027-01-04", "hecho"],
    ]);
  });

  it("art. 15 LCS: el recibo impagado se devuelve el día de su vencimiento y suspende la cobertura un mes después", async () => {
    at("2027-02-01T08:00:00.000Z");
    await run();
    const [, second] = await reciboRows(database.db, unpaid.id);
    expect(second).toMatchObject({ sequence: 2, status: "devuelto", attempts: 1, returnReason: "Recibo devuelto: fondos insuficientes" });
    expect((await policyRow(database.db, unpaid.id)).status).toBe("en_vigor");

    at("2027-02-28T08:00:00.000Z");
    await run();
    expect((await policyRow(database.db, unpaid.id)).status).toBe("en_vigor");

    at("2027-03-01T08:00:00.000Z");
    await run();
    const suspended = await policyRow(database.db, unpaid.id);
    expect(suspended.status).toBe("suspendida");
    expect(suspended.suspendedAt?.toISOString()).toBe("2027-03-01T08:00:00.000Z");
    const last = (await history(unpaid.id)).find((h) => h.event === "suspendida");
    expect(last).toMatchObject({ event: "suspendida", fromStatus: "en_vigor", toStatus: "suspendida", actorType: "system" });
    expect(last!.summary).toContain("recibo 2 impagado desde el 01/02/2027 (art. 15 LCS)");
    const audit = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "policy.suspended"), eq(auditLog.entityId, String(unpaid.id))));
    expect(audit).toHaveLength(1);
    // The policyholder is told, as when staff suspend: what is owed and how to lift it.
    const [notice, ...more] = await mailsTo(unpaid.email);
    expect(more).toEqual([]);
    expect(notice).toMatchObject({ subject: `Cobertura suspendida: su póliza ${unpaid.number}` });
    expect(notice!.body).toContain("recibo 2 impagado desde el 01/02/2027 (art. 15 LCS)");
    expect(notice!.body).toContain("Recibo n.º 2, vencido el 01/02/2027");
    expect(notice!.body).toContain("24 horas después del pago");
    expect(await history(unpaid.id)).toContainEqual(
      expect.objectContaining({
        event: "aviso_cliente",
        actorType: "system",
        summary: "Aviso de la suspensión enviado al tomador por correo electrónico",
      }),
    );
  });

  it("art. 15 LCS: pagado el recibo, la póliza se rehabilita y la cobertura vuelve 24 horas después del pago", async () => {
    at("2027-03-05T10:30:00.000Z");
    const [, second] = await reciboRows(database.db, unpaid.id);
    const paid = await api("POST", `/admin/policies/${unpaid.id}/recibos/${second!.id}/mark-paid`, { reference: "TRF-2027-0042" });
    expect(paid).toEqual({ status: 200, body: { status: "cobrado" } });
    const policy = await api("GET", `/admin/policies/${unpaid.id}`);
    expect(policy.body.policy).toMatchObject({ status: "en_vigor" });
    expect(policy.body.lifecycle).toMatchObject({ suspendedAt: null, coverResumesAt: "2027-03-06T10:30:00.000Z" });
    const events = (policy.body.history as { event: string; summary: string }[]).slice(0, 2).map((h) => h.event);
    expect(events).toEqual(["rehabilitada", "recibo_cobrado"]);
  });

  it("art. 15 LCS: seis meses después del vencimiento sin cobrar, el contrato se extingue (anulada por impago)", async () => {
    at("2027-07-31T08:00:00.000Z");
    await run();
    expect((await policyRow(database.db, neverPaid.id)).status).toBe("suspendida");
    at("2027-08-01T08:00:00.000Z");
    await run();
    const extinct = await policyRow(database.db, neverPaid.id);
    expect(extinct).toMatchObject({ status: "anulada", cancellationReason: "impago", cancellationEffectiveDate: "2027-08-01" });
    const subjects = (await mailsTo(neverPaid.email)).map((m) => m.subject);
    expect(subjects).toEqual([`Anulación de su póliza ${neverPaid.number}`, `Cobertura suspendida: su póliza ${neverPaid.number}`]);
    expect((await mailsTo(neverPaid.email))[0]!.body).toContain("Motivo: la prima no se ha pagado.");
    expect((await reciboRows(database.db, neverPaid.id)).filter((r) => r.status === "pendiente" || r.status === "devuelto")).toEqual([]);
  });

  it("art. 22 LCS: el cliente no puede oponerse a la prórroga con menos de un mes; con más, la póliza vence sin renovarse", async () => {
    at("2027-11-01T08:00:00.000Z");
    const days = await run();
    expect(days.at(-1)).toMatchObject({ day: "2027-11-01", summary: { avisos: 2 } });
    at("2027-11-20T08:00:00.000Z");
    const late = await api("POST", `/admin/policies/${stopped.id}/stop-renewal`, { by: "aseguradora" });
    expect(late.status).toBe(409);
    expect(late.body.error).toContain("dos meses de antelación");
    const ok = await api("POST", `/admin/policies/${stopped.id}/stop-renewal`, { by: "cliente" });
    expect(ok.status).toBe(200);
    expect(ok.body.lifecycle).toMatchObject({ renewalStopped: { by: "cliente" }, renewalOffer: null });
    // The notice it had been sent on 1 November is void now.
    expect((await policyRow(database.db, stopped.id)).renewalOffer).toBeNull();
  });

  it("art. 22 LCS: el aviso de renovación sale dos meses antes con la prima recalculada con la tarifa vigente, y la renovación crea la anualidad siguiente", async () => {
    // The run of 1 November (above), two months before the end, sent the notice.
    const offered = await policyRow(database.db, renewing.id);
    expect(offered.renewalNoticeSentAt?.toISOString().slice(0, 10)).toBe("2027-11-01");
    const notices = await database.db.select().from(outboxEmails).where(eq(outboxEmails.to, renewing.email));
    expect(notices).toHaveLength(1);
    expect(notices[0]!.subject).toBe(`Renovación de su póliza ${renewing.number}`);
    expect(notices[0]!.body).toContain("se renovará el 01/01/2028");

    // The tariff changes (dwelling type +20 %): "Renovar ahora" re-rates with the tariff in force.
    const priced = await priceRenewal(database.db, (await lockPolicy(database.db, renewing.id))!, now);
    expect(priced.ok).toBe(true);
    const before = priced.ok ? priced.offer.totalPremiumCents : 0;
    const [current] = await database.db
      .select()
      .from(tariffs)
      .where(and(eq(tariffs.lineCode, "hogar"), eq(tariffs.factor, "dwelling_type")))
      .orderBy(desc(tariffs.version))
      .limit(1);
    const bands = current!.bands as { kind: "choice"; options: { factorBp: number }[] };
    await database.db.insert(tariffs).values({
      lineCode: "hogar",
      factor: "dwelling_type",
      bands: { ...bands, options: bands.options.map((o) => ({ ...o, factorBp: Math.round(o.factorBp * 1.2) })) } as never,
      version: current!.version + 1,
      validFrom: now,
    });
    at("2027-11-21T08:00:00.000Z");
    const renewed = await api("POST", `/admin/policies/${renewing.id}/renew`);
    expect(renewed.status, JSON.stringify(renewed.body)).toBe(200);
    const offer = (renewed.body.lifecycle as { renewalOffer: { startDate: string; totalPremiumCents: number } }).renewalOffer;
    expect(offer.startDate).toBe("2028-01-01");
    expect(offer.totalPremiumCents).toBeGreaterThan(before);

    at("2028-01-01T08:00:00.000Z");
    await run();
    const next = await policyRow(database.db, renewing.id);
    expect(next).toMatchObject({
      status: "en_vigor",
      term: 2,
      startDate: "2028-01-01",
      endDate: "2029-01-01",
      totalPremiumCents: offer.totalPremiumCents,
      renewalOffer: null,
    });
    const recibos = await reciboRows(database.db, renewing.id);
    expect(recibos.map((r) => [r.sequence, r.term, r.dueDate, r.status])).toEqual([
      [1, 1, "2027-01-01", "cobrado"],
      [2, 2, "2028-01-01", "cobrado"],
    ]);
    expect((await history(renewing.id)).map((h) => h.event)).toContain("renovada");

    const expired = await policyRow(database.db, stopped.id);
    expect(expired.status).toBe("vencida");
    expect((await history(stopped.id))[0]).toMatchObject({ event: "vencida", fromStatus: "en_vigor", toStatus: "vencida" });
  });

  it("dos procesos a la vez hacen el trabajo del día una sola vez", async () => {
    at("2028-01-02T08:00:00.000Z");
    const deps = { db: database.db, payments: new TestGateway({ now: () => now }), logger: memoryLogger() };
    const [a, b] = await Promise.all([
      runLifecycle(deps, () => now, { startedBy: "el proceso programado", holder: "instancia-a" }),
      runLifecycle(deps, () => now, { startedBy: "el proceso programado", holder: "instancia-b" }),
    ]);
    expect([...a.days, ...b.days].map((d) => d.day)).toEqual(["2028-01-02"]);
    const [row] = await database.db.select().from(lifecycleRuns).where(eq(lifecycleRuns.day, "2028-01-02"));
    expect(row).toMatchObject({ status: "hecho" });
  });
});

describe("transiciones que la máquina no admite", () => {
  it("una póliza anulada no se suspende: 409 con el motivo", async () => {
    const answer = await api("POST", `/admin/policies/${neverPaid.id}/suspend`, { reason: "Prueba" });
    expect(answer).toEqual({ status: 409, body: { error: "La póliza está anulada; no se puede suspender" } });
  });
  it("un recibo cobrado no se anula: 409 con el motivo", async () => {
    const [first] = await reciboRows(database.db, renewing.id);
    const answer = await api("POST", `/admin/policies/${renewing.id}/recibos/${first!.id}/cancel`, {});
    expect(answer).toEqual({ status: 409, body: { error: "El recibo está cobrado; no se puede anular" } });
  });
});
