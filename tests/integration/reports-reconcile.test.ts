// The reports reconcile (ADR 034): a known portfolio of 2025 (sales in several months and lines, a
// renewal, a withdrawal, a cancellation, a non-renewal, a suplemento, recibos cobrados, pendientes,
// devueltos and one extornado, quotes on the web and by phone) and each report's figures checked
// against the lists they summarise (/admin/policies, /admin/payments/recibos, the quotes table)
// and against figures computed by hand. The figures are read from the triggers' day tables, so
// this also proves the triggers exact, before and after the daily run folds them.
import { and, count, eq, gte, isNotNull, lt, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Report, ReportTable } from "../../api/contract/reports";
import { compactReportDays } from "../../api/db/reports.repo";
import { endorsements, policies, quotes, recibos } from "../../api/db/schema";
import { adminWith, call, database, FORBIDDEN, json, setUpAdminApi, superToken } from "../support/admin-api";
import { insertTestPolicy, type TestPolicy } from "../support/policies";

setUpAdminApi();

const YEAR = "from=2025-01-01&to=2025-12-31";
const report = (name: string, query = YEAR, token = superToken) => json<Report>("get", `/admin/reports/${name}?${query}`, { token, status: 200 });
const table = (r: Report, key: string): ReportTable => r.tables.find((t) => t.key === key)!;
/** A table's column `series` as { row key: value }. */
const column = (t: ReportTable, series: string) => {
  const i = t.series.findIndex((s) => s.key === series);
  return Object.fromEntries(t.rows.map((row) => [row.key, row.values[i]]));
};

type ReciboPage = { items: { amountCents: number; status: string }[]; total: number };
const recibosList = async (query: string) => {
  const page = await json<ReciboPage>("get", `/admin/payments/recibos?dueFrom=2025-01-01&dueTo=2025-12-31&pageSize=100&${query}`, {
    token: superToken,
    status: 200,
  });
  return { count: page.total, cents: page.items.reduce((a, r) => a + r.amountCents, 0) };
};
type PolicyPage = { items: { id: number; line: string; totalPremiumCents: number }[]; total: number };
const policiesList = (query: string) => json<PolicyPage>("get", `/admin/policies?pageSize=100&${query}`, { token: superToken, status: 200 });

let p1: TestPolicy;
let p2: TestPolicy;
let seededAdmin: number;

async function setRecibo(policy: TestPolicy, sequence: number, values: Partial<typeof recibos.$inferInsert>) {
  await database.db
    .update(recibos)
    .set(values)
    .where(eq(recibos.id, policy.recibos.find((r) => r.sequence === sequence)!.id));
}

beforeAll(async () => {
  const db = database.db;
  const at = (day: string) => new Date(`${day}T10:00:00Z`);
  // New business: P1 coche anual (enero), P2 hogar trimestral (febrero), P3 alquiler (marzo, desiste), P4 hogar (enero, anulada por impago).
  p1 = await insertTestPolicy(db, { line: "auto", startDate: "2025-01-15", createdAt: at("2025-01-14") });
  p2 = await insertTestPolicy(db, { line: "hogar", startDate: "2025-02-10", createdAt: at("2025-02-09"), frequency: "trimestral" });
  const p3 = await insertTestPolicy(db, { line: "alquiler", startDate: "2025-03-05", createdAt: at("2025-03-04") });
  const p4 = await insertTestPolicy(db, { line: "hogar", startDate: "2025-01-20", createdAt: at("2025-01-19") });
  await setRecibo(p2, 2, { status: "cobrado", paidAt: at("2025-05-10") });
  await setRecibo(p2, 3, { status: "devuelto", returnReason: "Fondos insuficientes" });
  await setRecibo(p3, 1, { status: "extornado" });
  await setRecibo(p4, 1, { status: "devuelto", paidAt: null });
  await db
    .update(policies)
    .set({ status: "anulada", cancellationReason: "desistimiento", cancelledAt: at("2025-03-10"), cancellationEffectiveDate: "2025-03-10" })
    .where(eq(policies.id, p3.id));
  await db
    .update(policies)
    .set({ status: "anulada", cancellationReason: "impago", cancelledAt: at("2025-06-20"), cancellationEffectiveDate: "2025-06-20" })
    .where(eq(policies.id, p4.id));
  // A renewal: P5 coche from 2024-04-01, renewed on 2025-04-01 (term 2, a dearer premium).
  const p5 = await insertTestPolicy(db, { line: "auto", startDate: "2024-04-01", createdAt: at("2024-03-30") });
  await db
    .update(policies)
    .set({ term: 2, startDate: "2025-04-01", endDate: "2026-04-01", netPremiumCents: 12_200, totalPremiumCents: 13_000 })
    .where(eq(policies.id, p5.id));
  await db
    .insert(recibos)
    .values({ policyId: p5.id, sequence: 2, term: 2, dueDate: "2025-04-01", amountCents: 13_000, status: "cobrado", paidAt: at("2025-04-01") });
  // A non-renewal: P6 hogar from 2024-06-01, the customer stopped the renewal; vencida on 2025-06-01.
  const p6 = await insertTestPolicy(db, { line: "hogar", startDate: "2024-06-01", createdAt: at("2024-05-30") });
  await db
    .update(policies)
    .set({ status: "vencida", renewalStoppedBy: "cliente", renewalStoppedAt: at("2025-04-15") })
    .where(eq(policies.id, p6.id));
  // A suplemento on P1 (lunas, 25 € pro rata), paid.
  const [supl] = await db
    .insert(recibos)
    .values({
      policyId: p1.id,
      sequence: 2,
      kind: "suplemento",
      dueDate: "2025-05-05",
      amountCents: 2_500,
      status: "cobrado",
      paidAt: at("2025-05-05"),
    })
    .returning({ id: recibos.id });
  await db.insert(endorsements).values({
    policyId: p1.id,
    version: 2,
    term: 1,
    effectiveDate: "2025-05-05",
    guarantees: [
      { code: "lunas", name: "Lunas", description: "Rotura de lunas", limitText: null, deductibleCents: 0, yearlyCents: 5_000, netCents: 2_500 },
    ],
    remainingDays: 255,
    termDays: 365,
    netPremiumCents: 2_500,
    totalPremiumCents: 2_500,
    reciboId: supl!.id,
    paymentMethod: "card",
    idempotencyKey: "reports-supl-1",
    createdAt: at("2025-05-05"),
  });
  // Quotes of 2025: coche web (contracted, and one left), hogar by phone (contracted), alquiler web (discarded).
  const me = await json<{ id: number }>("get", "/admin/auth/me", { token: superToken, status: 200 });
  seededAdmin = me.id;
  const quote = (line: "auto" | "hogar" | "alquiler", status: "contratada" | "caducada" | "descartada", day: string, phone = false) => ({
    lineCode: line,
    status,
    inputs: {},
    offers: [],
    validUntil: at(day),
    createdAt: at(day),
    madeByAdminId: phone ? seededAdmin : null,
  });
  await db
    .insert(quotes)
    .values([
      quote("auto", "contratada", "2025-01-14"),
      quote("auto", "caducada", "2025-02-01"),
      quote("hogar", "contratada", "2025-02-09", true),
      quote("alquiler", "descartada", "2025-03-01"),
    ]);
});

describe("los informes cuadran con las listas y con las cuentas a mano", () => {
  it("primas emitidas por mes: nueva producción y renovaciones, como los recibos de prima de la lista de pagos", async () => {
    const t = table(await report("cartera"), "primas-emitidas");
    expect(column(t, "nueva")).toMatchObject({
      "2025-01": 24_000,
      "2025-02": 12_000,
      "2025-03": 12_000,
      "2025-04": 0,
      "2025-05": 12_000,
      "2025-08": 12_000,
      "2025-11": 12_000,
    });
    expect(column(t, "renovacion")["2025-04"]).toBe(13_000);
    const total = t.rows.reduce((a, r) => a + r.values[2]!, 0);
    expect(total).toBe(97_000);
    // The list: every recibo due in 2025 but the suplemento's (2.500) and none anulado.
    const all = await recibosList("");
    expect(total).toBe(all.cents - 2_500);
    expect(t.rows.length).toBe(12);
  });

  it("pólizas en vigor al final de cada mes, y las de hoy son las de la lista", async () => {
    const t = table(await report("cartera"), "polizas-en-vigor");
    expect(Object.values(column(t, "en-vigor"))).toEqual([4, 5, 5, 5, 5, 3, 3, 3, 3, 3, 3, 3]);
    expect(column(t, "altas")["2025-03"]).toBe(1);
    expect(column(t, "bajas")["2025-06"]).toBe(2);
    const inForce = await policiesList("status=en_vigor");
    expect(column(t, "en-vigor")["2025-12"]).toBe(inForce.total);
  });

  it("cartera por ramo y plan: las pólizas en vigor de la lista, por ramo", async () => {
    const t = table(await report("cartera"), "cartera");
    expect(column(t, "polizas")).toEqual({ "auto-terceros": 2, "hogar-basico": 1 });
    expect(column(t, "primas")).toEqual({ "auto-terceros": 25_000, "hogar-basico": 48_000 });
    expect((await policiesList("status=en_vigor&line=auto")).total).toBe(2);
    expect((await policiesList("status=en_vigor&line=hogar")).total).toBe(1);
    expect(t.rows.map((r) => r.label)).toEqual(["Coche · Terceros", "Hogar · Básico"]);
  });

  it("recibos por estado, cobrado / pendiente / devuelto y la tasa de devolución, como la lista de pagos filtrada", async () => {
    const r = await report("recibos");
    const byStatus = table(r, "recibos-estado");
    for (const status of ["cobrado", "pendiente", "devuelto", "extornado", "anulado", "remesado"]) {
      const listed = await recibosList(`status=${status}`);
      expect(column(byStatus, "recibos")[status], status).toBe(listed.count);
      expect(column(byStatus, "importe")[status], status).toBe(listed.cents);
    }
    expect(column(table(r, "cobros"), "importe")).toEqual({ cobrado: 51_500, pendiente: 12_000, devuelto: 24_000 });
    const rate = table(r, "tasa-devolucion");
    expect(rate.rows.reduce((a, row) => a + row.values[0]!, 0)).toBe(2);
    expect(rate.rows.reduce((a, row) => a + row.values[1]!, 0)).toBe(8);
    expect(column(rate, "tasa")["2025-08"]).toBe(10_000);
    expect(column(rate, "tasa")["2025-02"]).toBe(0);
  });

  it("anulaciones y desistimientos por motivo y no renovaciones, como la lista de pólizas", async () => {
    const r = await report("bajas");
    expect(column(table(r, "anulaciones"), "polizas")).toEqual({ desistimiento: 1, impago: 1, peticion_cliente: 0, error_emision: 0 });
    expect((await policiesList("status=anulada")).total).toBe(2);
    expect(column(table(r, "no-renovaciones"), "polizas")).toEqual({ cliente: 1, aseguradora: 0, "sin-oposicion": 0 });
    expect((await policiesList("status=vencida")).total).toBe(1);
  });

  it("conversión por ramo y por canal, como las cotizaciones guardadas", async () => {
    const r = await report("conversion");
    const byLine = table(r, "conversion-ramo");
    expect(column(byLine, "cotizaciones")).toEqual({ auto: 2, hogar: 1, alquiler: 1, total: 4 });
    expect(column(byLine, "contratadas")).toEqual({ auto: 1, hogar: 1, alquiler: 0, total: 2 });
    expect(column(byLine, "conversion")).toEqual({ auto: 5_000, hogar: 10_000, alquiler: 0, total: 5_000 });
    const byChannel = table(r, "conversion-canal");
    expect(column(byChannel, "cotizaciones")).toEqual({ web: 3, telefono: 1 });
    expect(column(byChannel, "conversion")).toEqual({ web: 3_333, telefono: 10_000 });
    const inYear = and(gte(quotes.createdAt, new Date("2025-01-01T00:00:00+01:00")), lt(quotes.createdAt, new Date("2026-01-01T00:00:00+01:00")));
    const [made] = await database.db.select({ n: count() }).from(quotes).where(inYear);
    const [phone] = await database.db
      .select({ n: count() })
      .from(quotes)
      .where(and(inYear, isNotNull(quotes.madeByAdminId)));
    expect(made!.n).toBe(4);
    expect(phone!.n).toBe(column(byChannel, "cotizaciones").telefono);
  });

  it("suplementos vendidos y garantías más añadidas", async () => {
    const r = await report("suplementos");
    expect(column(table(r, "suplementos-mes"), "suplementos")["2025-05"]).toBe(1);
    expect(column(table(r, "suplementos-mes"), "primas")["2025-05"]).toBe(2_500);
    expect(table(r, "garantias-anadidas").rows).toEqual([{ key: "lunas", label: "Lunas", values: [1, 5_000] }]);
    expect((await recibosList("")).count).toBe(9);
  });

  it("el filtro de ramo cuenta solo ese ramo, como la lista con el mismo filtro", async () => {
    const t = table(await report("cartera", `${YEAR}&line=hogar`), "primas-emitidas");
    const hogar = await recibosList("line=hogar");
    expect(t.rows.reduce((a, r) => a + r.values[2]!, 0)).toBe(hogar.cents);
    expect(column(t, "renovacion")["2025-04"]).toBe(0);
  });

  it("una escritura se ve al momento y el plegado diario no cambia ninguna cifra", async () => {
    // P2's last recibo paid by transfer through the back office.
    const recibo = p2.recibos.find((r) => r.sequence === 4)!;
    const paid = await call("post", `/admin/policies/${p2.id}/recibos/${recibo.id}/mark-paid`, {
      token: superToken,
      body: { reference: "TRANSF-2025-11" },
    });
    expect(paid.status).toBe(200);
    const before = await Promise.all(["cartera", "recibos", "bajas", "conversion", "suplementos"].map((name) => report(name)));
    expect(column(table(before[1]!, "cobros"), "importe")).toEqual({ cobrado: 63_500, pendiente: 0, devuelto: 24_000 });
    const [{ rows: deltas }] = [await database.db.execute(sql`select count(*)::int as n from report_recibo_days`)] as unknown as [
      { rows: { n: number }[] },
    ];
    await compactReportDays(database.db);
    const [{ rows: folded }] = [await database.db.execute(sql`select count(*)::int as n from report_recibo_days`)] as unknown as [
      { rows: { n: number }[] },
    ];
    expect(folded[0]!.n).toBeLessThan(deltas[0]!.n);
    const after = await Promise.all(["cartera", "recibos", "bajas", "conversion", "suplementos"].map((name) => report(name)));
    expect(after).toEqual(before);
  });
});

describe("el informe en CSV y los permisos", () => {
  it("el CSV de una tabla lleva las mismas cifras, con coma decimal", async () => {
    const response = await call("get", `/admin/reports/recibos/export?${YEAR}&table=cobros`, { token: superToken });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/csv");
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());
    expect(text.startsWith("\uFEFFSituación;Recibos;Importe (€)\r\n")).toBe(true);
    expect(text).toContain("Devuelto;2;240,00\r\n");
  });

  it("una fecha mal escrita, un periodo al revés o de más de 5 años: 400 con el motivo", async () => {
    const bad = await call("get", "/admin/reports/cartera?from=2025-13-01&to=2025-12-31", { token: superToken });
    expect(bad.status).toBe(400);
    const reversed = await call("get", "/admin/reports/cartera?from=2025-12-31&to=2025-01-01", { token: superToken });
    expect(((await reversed.json()) as { fieldErrors: Record<string, string[]> }).fieldErrors.to).toEqual([
      "La fecha «hasta» no puede ser anterior a la fecha «desde»",
    ]);
    expect((await call("get", "/admin/reports/cartera?from=2015-01-01&to=2025-01-01", { token: superToken })).status).toBe(400);
    expect((await call("get", `/admin/reports/ventas?${YEAR}`, { token: superToken })).status).toBe(400);
  });

  it("sin reports:read, 403; el auditor y el gestor lo ven, el comercial no", async () => {
    const { token } = await adminWith({ "policies:read": true, "payments:read": true });
    const refused = await call("get", `/admin/reports/cartera?${YEAR}`, { token });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual(FORBIDDEN);
    const roles = await json<{ items: { name: string; permissions: Record<string, boolean> }[] }>("get", "/admin/roles?pageSize=100", {
      token: superToken,
      status: 200,
    });
    const grants = Object.fromEntries(roles.items.map((r) => [r.name, r.permissions["reports:read"] === true]));
    expect(grants).toMatchObject({ superadmin: true, gestor: true, auditor: true, comercial: false });
  });
});
