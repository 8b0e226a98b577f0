// The snapshot of a policy for the cover rules of a claim (api/db/claim-cover.repo.ts; ADR 042),
// built from the tables after real lifecycle changes on a moved clock: a hogar policy suspended
// by staff and rehabilitated by paying its overdue recibo (cover back 24 h later, art. 15 LCS),
// a suplemento that adds a guarantee, a renewal; and a rent policy with its carencia and its limit
// in months of rent. The rules then run on the boundary days.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../api/db/client";
import { claimCoverFacts } from "../../api/db/claim-cover.repo";
import { endorsements, policies, policyHistory } from "../../api/db/schema";
import { madridInstant } from "../../api/domain/calendar";
import { checkClaimCover } from "../../api/domain/claim-cover";
import type { ClaimCheck, ClaimEventType } from "../../api/contract/claim-vocabulary";
import { createTestDatabase, TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD } from "../support/db";
import { memoryLogger, startTestServer } from "../support/server";
import { insertTestPolicy, type TestPolicy } from "../support/policies";

let database: DatabaseHandle;
let server: Awaited<ReturnType<typeof startTestServer>>;
/** The API's clock: the tests move it forward, never back. */
let now = new Date("2027-01-01T09:00:00.000Z");
const at = (iso: string) => {
  const next = new Date(iso);
  expect(next.getTime()).toBeGreaterThanOrEqual(now.getTime());
  now = next;
};

async function api(method: string, path: string, body?: unknown) {
  const login = await fetch(`${server.url}/api/admin/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: TEST_ADMIN_EMAIL, password: TEST_ADMIN_PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  const response = await fetch(`${server.url}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await response.json()) as Record<string, unknown>;
  expect(response.status, JSON.stringify(answer)).toBe(200);
  return answer;
}

let hogar: TestPolicy; // monthly, from 01/01/2027; basico plan (franquicia 150 €)
let rent: TestPolicy; // alquiler, 12 meses, from 01/01/2027

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startTestServer({ database, now: () => now, logger: memoryLogger() });
  hogar = await insertTestPolicy(database.db, { startDate: "2027-01-01", createdAt: now, frequency: "mensual", mandate: null });
  rent = await insertTestPolicy(database.db, { startDate: "2027-01-01", createdAt: now, line: "alquiler" });
});
afterAll(async () => {
  await server?.stop();
  await database?.close();
});

/** One rule's result for a claim on `policyId` at `time` (Madrid) on `day`. */
async function rule(policyId: number, eventType: ClaimEventType, day: string, check: ClaimCheck, time = "12:00") {
  const facts = await claimCoverFacts(database.db, policyId);
  const result = checkClaimCover({ snapshot: facts!.snapshot, eventType, occurredAt: madridInstant(day, time), amountCents: null }, now);
  return result.lines.find((l) => l.check === check)!.result;
}

describe("la foto de la póliza para las reglas de cobertura de un siniestro", () => {
  it("una póliza recién emitida: su anualidad, en vigor desde su emisión, las garantías de su plan desde el inicio", async () => {
    const facts = await claimCoverFacts(database.db, hogar.id);
    expect(facts!.policy).toMatchObject({ id: hogar.id, number: hogar.number, clientId: hogar.clientId, line: "hogar" });
    expect(facts!.snapshot).toMatchObject({
      line: "hogar",
      planDeductibleCents: 15_000,
      terms: [{ startDate: "2027-01-01", endDate: "2028-01-01" }],
      inForceFrom: "2027-01-01",
      cancellationEffectiveDate: null,
      suspensions: [],
    });
    expect(facts!.snapshot.guarantees.find((g) => g.code === "hogar_danos_agua")).toMatchObject({ since: "2027-01-01", until: null, waitingDays: 0 });
    expect(facts!.snapshot.guarantees.some((g) => g.code === "hogar_danos_electricos")).toBe(false);
    expect(facts!.coverStartDate).toBe("2027-01-01");
    expect(await claimCoverFacts(database.db, 999_999)).toBeNull();
  });

  it("suspendida por el gestor el 10/03 y rehabilitada al cobrar el recibo el 20/03: sin cobertura del 10 al 20, con cobertura desde el 21", async () => {
    at("2027-03-10T10:00:00.000Z");
    await api("POST", `/admin/policies/${hogar.id}/suspend`, { reason: "Recibo 2 impagado (prueba)" });
    expect((await claimCoverFacts(database.db, hogar.id))!.snapshot.suspensions).toEqual([{ from: "2027-03-10", resumesOn: null }]);

    at("2027-03-20T16:00:00.000Z"); // 17:00 in Madrid: cover resumes 24 h later, on the 21st
    const second = hogar.recibos.find((r) => r.sequence === 2)!;
    await api("POST", `/admin/policies/${hogar.id}/recibos/${second.id}/mark-paid`, { reference: "TRF-2027-0001" });
    const [policy] = await database.db.select().from(policies).where(eq(policies.id, hogar.id));
    expect(policy!.status).toBe("en_vigor");
    expect((await claimCoverFacts(database.db, hogar.id))!.snapshot.suspensions).toEqual([{ from: "2027-03-10", resumesOn: "2027-03-21" }]);

    expect(await rule(hogar.id, "hogar_agua", "2027-03-09", "suspension", "23:59")).toBe("ok");
    expect(await rule(hogar.id, "hogar_agua", "2027-03-10", "suspension", "00:01")).toBe("fallo"); // the day of suspension
    expect(await rule(hogar.id, "hogar_agua", "2027-03-20", "suspension", "18:00")).toBe("fallo"); // the day of payment
    expect(await rule(hogar.id, "hogar_agua", "2027-03-21", "suspension", "00:01")).toBe("ok"); // the day cover resumes
  });

  it("un suplemento que añade daños eléctricos con efecto el 15/05 los cubre desde ese día, no el anterior", async () => {
    at("2027-05-10T09:00:00.000Z");
    await database.db.insert(endorsements).values({
      policyId: hogar.id,
      version: 2,
      term: 1,
      effectiveDate: "2027-05-15",
      guarantees: [
        {
          code: "hogar_danos_electricos",
          name: "Daños eléctricos",
          description: "Daños a aparatos e instalación por subidas de tensión",
          limitText: "Hasta 3.000 €",
          deductibleCents: 0,
          yearlyCents: 2_500,
          netCents: 1_600,
        },
      ],
      remainingDays: 231,
      termDays: 365,
      netPremiumCents: 1_600,
      ipsCents: 128,
      totalPremiumCents: 1_728,
      paymentMethod: "card",
      idempotencyKey: `claim-cover-${hogar.id}`,
    });
    await database.db
      .update(policies)
      .set({ optionalGuarantees: ["hogar_danos_electricos"] })
      .where(eq(policies.id, hogar.id));

    const facts = await claimCoverFacts(database.db, hogar.id);
    expect(facts!.snapshot.guarantees.find((g) => g.code === "hogar_danos_electricos")).toMatchObject({
      since: "2027-05-15",
      limitCents: 300_000,
      deductibleCents: 0,
    });
    expect(facts!.endorsementDates).toEqual(["2027-05-15"]);
    expect(await rule(hogar.id, "hogar_electricos", "2027-05-14", "garantia", "23:59")).toBe("fallo");
    expect(await rule(hogar.id, "hogar_electricos", "2027-05-15", "garantia", "00:01")).toBe("ok");
  });

  it("el primer y el último día de la anualidad están cubiertos; tras la renovación, la anualidad anterior sigue en la foto", async () => {
    expect(await rule(hogar.id, "hogar_agua", "2026-12-31", "vigencia")).toBe("fallo");
    expect(await rule(hogar.id, "hogar_agua", "2027-01-01", "vigencia", "00:01")).toBe("ok");
    expect(await rule(hogar.id, "hogar_agua", "2027-12-31", "vigencia", "23:59")).toBe("ok");
    expect(await rule(hogar.id, "hogar_agua", "2028-01-01", "vigencia")).toBe("fallo");

    // What a renewal writes (api/services/renewal.ts): the row takes the next term, the history keeps the one it closed.
    at("2028-01-01T06:00:00.000Z");
    await database.db.update(policies).set({ term: 2, startDate: "2028-01-01", endDate: "2029-01-01" }).where(eq(policies.id, hogar.id));
    await database.db.insert(policyHistory).values({
      policyId: hogar.id,
      at: now,
      event: "renovada",
      summary: "Póliza renovada (prueba)",
      details: { before: { term: 1, startDate: "2027-01-01", endDate: "2028-01-01" }, term: 2, startDate: "2028-01-01", endDate: "2029-01-01" },
      actorType: "system",
    });
    const facts = await claimCoverFacts(database.db, hogar.id);
    expect(facts!.snapshot.terms).toEqual([
      { startDate: "2027-01-01", endDate: "2028-01-01" },
      { startDate: "2028-01-01", endDate: "2029-01-01" },
    ]);
    expect(facts!.coverStartDate).toBe("2027-01-01");
    expect(facts!.snapshot.guarantees.find((g) => g.code === "hogar_danos_agua")!.since).toBe("2027-01-01");
    expect(await rule(hogar.id, "hogar_agua", "2027-06-01", "vigencia")).toBe("ok");
    expect(await rule(hogar.id, "hogar_agua", "2028-01-01", "vigencia")).toBe("ok");
    expect(await rule(hogar.id, "hogar_agua", "2027-03-15", "suspension")).toBe("fallo");
  });

  it("alquiler: la carencia de 30 días del catálogo y el límite de 12 mensualidades de la renta asegurada", async () => {
    const facts = await claimCoverFacts(database.db, rent.id);
    expect(facts!.snapshot.guarantees.find((g) => g.code === "alquiler_impago_rentas")).toMatchObject({
      waitingDays: 30,
      since: "2027-01-01",
      limitCents: 12 * 95_000,
    });
    expect(await rule(rent.id, "alquiler_impago", "2027-01-30", "carencia")).toBe("fallo"); // the last day of carencia
    expect(await rule(rent.id, "alquiler_impago", "2027-01-31", "carencia")).toBe("ok"); // the next
  });

  it("anulada con efecto el 01/07/2027: cubierto el 30/06, no el 01/07", async () => {
    at("2028-01-02T09:00:00.000Z");
    await database.db
      .update(policies)
      .set({ status: "anulada", cancellationReason: "peticion_cliente", cancelledAt: now, cancellationEffectiveDate: "2027-07-01" })
      .where(eq(policies.id, rent.id));
    expect(await rule(rent.id, "alquiler_impago", "2027-06-30", "anulacion")).toBe("ok");
    expect(await rule(rent.id, "alquiler_impago", "2027-07-01", "anulacion")).toBe("fallo");
  });
});
