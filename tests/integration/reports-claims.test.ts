// The claims report of /admin/reports (ADR 034, «Siniestros»; issue 26) on a known portfolio of 2027:
// claims declared, accepted, paid and rejected through the claims service itself (api/services/claims.ts),
// counted by month of declaration (Madrid), status and line; the frequency per 100 policies in force
// in the period and the loss ratio (indemnities paid in the period / premiums earned in it) computed
// here by hand; «—» (null) when a denominator is 0; the CSV; the report's permission.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { claimDeclarationSchema } from "../../api/contract/claims";
import type { Report, ReportTable } from "../../api/contract/reports";
import type { Line } from "../../api/contract/vocabulary";
import { policies, policyHistory } from "../../api/db/schema";
import { acceptClaim, changeClaimStatus, declareClaim, payClaim, rejectClaim, type ClaimActor } from "../../api/services/claims";
import { adminWith, call, database, FORBIDDEN, json, setUpAdminApi, superToken } from "../support/admin-api";
import { insertTestPolicy, type TestPolicy } from "../support/policies";

setUpAdminApi();

const YEAR = "from=2027-01-01&to=2027-12-31";
const report = (query = YEAR, token = superToken) => json<Report>("get", `/admin/reports/siniestros?${query}`, { token, status: 200 });
const table = (r: Report, key: string): ReportTable => r.tables.find((t) => t.key === key)!;
/** A table's rows as [key, ...values]. */
const rows = (t: ReportTable) => t.rows.map((r) => [r.key, ...r.values]);

const customer: ClaimActor = { actorType: "user", actorId: null, actorLabel: "cliente@example.com" };
const staff: ClaimActor = { actorType: "admin", actorId: 1, actorLabel: "admin@example.com" };

async function declare(policy: TestPolicy, line: Line, at: string, fields: Record<string, unknown>) {
  const now = new Date(at);
  const declaration = claimDeclarationSchema(line, now).parse({
    place: "Calle Mayor 1, Madrid",
    description: "Descripción del siniestro con más de veinte caracteres para la prueba.",
    contactPhone: "600 123 456",
    ...fields,
  });
  return (await declareClaim(database.db, { policyId: policy.id, userId: null, declaration }, customer, now)).claim;
}

// Earned in 2027, by hand (a term's total premium over its days; 2028 is a leap year):
// hogar  H1 12.000 × 365/365 + H2 12.000 × 184/366                                  = 18.032,79 → 18.033
// auto   A1 12.000 × 59/365 (anulada 01/03) + A3 12.000 × 151/365 + 13.000 × 214/366  = 14.505,20 → 14.505
// (A2 ended on 01/01/2027, the period's first day: neither in force in it nor earning.)
const EARNED_HOGAR = 18_033;
const EARNED_AUTO = 14_505;

beforeAll(async () => {
  const db = database.db;
  const created = new Date("2026-01-01T10:00:00Z");
  const h1 = await insertTestPolicy(db, { line: "hogar", startDate: "2027-01-01", createdAt: created });
  const h2 = await insertTestPolicy(db, { line: "hogar", startDate: "2027-07-01", createdAt: created });
  const a1 = await insertTestPolicy(db, { line: "auto", startDate: "2026-03-01", createdAt: created });
  await db
    .update(policies)
    .set({
      status: "anulada",
      cancellationReason: "peticion_cliente",
      cancelledAt: new Date("2027-02-20T10:00:00Z"),
      cancellationEffectiveDate: "2027-03-01",
    })
    .where(eq(policies.id, a1.id));
  // Ended on the period's first day (its end date is the first day without cover).
  await insertTestPolicy(db, { line: "auto", startDate: "2026-01-01", createdAt: created, status: "vencida" });
  // Renewed on 01/06/2027: the first term's premium from the renewal's history entry, the second's from the row.
  const a3 = await insertTestPolicy(db, { line: "auto", startDate: "2026-06-01", createdAt: created });
  await db
    .update(policies)
    .set({ term: 2, startDate: "2027-06-01", endDate: "2028-06-01", netPremiumCents: 12_200, totalPremiumCents: 13_000 })
    .where(eq(policies.id, a3.id));
  await db.insert(policyHistory).values({
    policyId: a3.id,
    at: new Date("2027-06-01T01:00:00Z"),
    event: "renovada",
    summary: "Póliza renovada (prueba)",
    details: { before: { term: 1, startDate: "2026-06-01", endDate: "2027-06-01", total: 12_000 }, term: 2, total: 13_000 },
    actorType: "system",
  });
  // No alquiler policy: its frequency and loss ratio have no denominator.

  // H1: a water claim accepted (1.000 € less the 150 € deductible) and paid in April; another left open.
  const water = await declare(h1, "hogar", "2027-02-06T09:00:00Z", {
    eventType: "hogar_agua",
    occurredAt: "05/02/2027 20:30",
    amountClaimedCents: "1.000,00",
  });
  const april = new Date("2027-04-05T09:00:00Z");
  await changeClaimStatus(database.db, water.id, { status: "en_revision" }, staff, april);
  await acceptClaim(database.db, water.id, { acceptedCents: 90_000 }, staff, april);
  await payClaim(database.db, water.id, { iban: "ES9121000418450200051332", reference: "TRF-1" }, staff, april);
  await declare(h1, "hogar", "2027-03-16T09:00:00Z", { eventType: "hogar_agua", occurredAt: "15/03/2027 10:00" });
  // A1: declared in February, rejected.
  const vandal = await declare(a1, "auto", "2027-02-10T09:00:00Z", { eventType: "auto_vandalismo", occurredAt: "09/02/2027 23:00" });
  await changeClaimStatus(database.db, vandal.id, { status: "en_revision" }, staff, april);
  await rejectClaim(database.db, vandal.id, { reason: "Su plan de Terceros no incluye los daños propios por vandalismo." }, staff, april);
  // H2: declared at 23:30 on 31/12/2027 in Spain (December), and at 00:30 on 01/01/2028 in Spain (2028, not this period).
  await declare(h2, "hogar", "2027-12-31T22:30:00Z", { eventType: "hogar_agua", occurredAt: "31/12/2027 20:00" });
  await declare(h2, "hogar", "2027-12-31T23:30:00Z", { eventType: "hogar_agua", occurredAt: "31/12/2027 21:00" });
});

describe("el informe de siniestros", () => {
  it("cuenta los declarados en el periodo por mes de declaración (hora de España), estado de hoy y ramo", async () => {
    const r = await report();
    expect(r).toMatchObject({ report: "siniestros", title: "Siniestros", from: "2027-01-01", to: "2027-12-31", line: null });
    const months = Object.fromEntries(table(r, "siniestros-mes").rows.map((row) => [row.key, row.values[0]]));
    expect(months).toEqual({
      "2027-01": 0,
      "2027-02": 2,
      "2027-03": 1,
      "2027-04": 0,
      "2027-05": 0,
      "2027-06": 0,
      "2027-07": 0,
      "2027-08": 0,
      "2027-09": 0,
      "2027-10": 0,
      "2027-11": 0,
      "2027-12": 1,
    });
    expect(rows(table(r, "siniestros-estado"))).toEqual([
      ["abierto", 2],
      ["en_revision", 0],
      ["peritacion", 0],
      ["aceptado", 0],
      ["rechazado", 1],
      ["pagado", 1],
      ["cerrado", 0],
      ["reabierto", 0],
    ]);
    // The one declared at 00:30 on 01/01/2028 in Spain belongs to 2028.
    const next = await report("from=2028-01-01&to=2028-01-31");
    expect(table(next, "siniestros-mes").rows.map((row) => row.values[0])).toEqual([1]);
  });

  it("frecuencia: siniestros por cada 100 pólizas en vigor algún día del periodo, por ramo y en total; «—» (null) sin pólizas", async () => {
    const t = table(await report(), "frecuencia");
    expect(t.series.map((s) => [s.key, s.kind])).toEqual([
      ["siniestros", "count"],
      ["polizas", "count"],
      ["frecuencia", "ratio"],
    ]);
    expect(rows(t)).toEqual([
      ["auto", 1, 2, 5_000],
      ["hogar", 3, 2, 15_000],
      ["alquiler", 0, 0, null],
      ["total", 4, 4, 10_000],
    ]);
  });

  it("siniestralidad: indemnizaciones pagadas en el periodo / primas devengadas en él, por ramo y en total", async () => {
    expect(rows(table(await report(), "siniestralidad"))).toEqual([
      ["auto", 0, EARNED_AUTO, 0],
      ["hogar", 75_000, EARNED_HOGAR, Math.round((75_000 * 10_000) / EARNED_HOGAR)],
      ["alquiler", 0, 0, null],
      ["total", 75_000, EARNED_AUTO + EARNED_HOGAR, Math.round((75_000 * 10_000) / (EARNED_AUTO + EARNED_HOGAR))],
    ]);
    // Paid in April: the first quarter has the premiums but no indemnity; the second has the payment.
    const q2 = table(await report("from=2027-04-01&to=2027-06-30"), "siniestralidad");
    expect(q2.rows.find((row) => row.key === "hogar")!.values[0]).toBe(75_000);
    expect(table(await report("from=2027-01-01&to=2027-03-31"), "siniestralidad").rows.find((row) => row.key === "hogar")!.values[0]).toBe(0);
  });

  it("un ramo elegido: solo su fila, sin total", async () => {
    const r = await report(`${YEAR}&line=hogar`);
    expect(rows(table(r, "frecuencia"))).toEqual([["hogar", 3, 2, 15_000]]);
    expect(rows(table(r, "siniestralidad"))).toEqual([["hogar", 75_000, EARNED_HOGAR, Math.round((75_000 * 10_000) / EARNED_HOGAR)]]);
    expect(rows(table(r, "siniestros-estado")).find(([key]) => key === "rechazado")).toEqual(["rechazado", 0]);
  });

  it("un periodo sin pólizas ni siniestros: cifras a cero y cocientes null, nunca NaN ni Infinity", async () => {
    const r = await report("from=2020-01-01&to=2020-12-31");
    expect(rows(table(r, "frecuencia")).at(-1)).toEqual(["total", 0, 0, null]);
    expect(rows(table(r, "siniestralidad")).at(-1)).toEqual(["total", 0, 0, null]);
    expect(JSON.stringify(r)).not.toMatch(/NaN|Infinity/);
  });

  it("el CSV: importes en euros, cocientes con un decimal y la celda vacía sin denominador", async () => {
    const response = await call("get", `/admin/reports/siniestros/export?${YEAR}&table=siniestralidad`, { token: superToken });
    expect(response.status).toBe(200);
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());
    expect(text.split("\r\n")).toEqual([
      "\uFEFFRamo;Indemnizaciones pagadas (€);Primas devengadas (€);Siniestralidad (%)",
      "Coche;0,00;145,05;0,0",
      "Hogar;750,00;180,33;415,9",
      "Alquiler;0,00;0,00;",
      "Total;750,00;325,38;230,5",
      "",
    ]);
  });

  it("con el permiso de los informes (reports:read); sin él, 403", async () => {
    const { token } = await adminWith({ "claims:read": true, "policies:read": true });
    const refused = await call("get", `/admin/reports/siniestros?${YEAR}`, { token });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual(FORBIDDEN);
    const reader = await adminWith({ "reports:read": true });
    expect(table(await report(YEAR, reader.token), "frecuencia").rows.at(-1)!.values).toEqual([4, 4, 10_000]);
  });
});
