// A remittance takes the payments list's filters (ADR 028/029): for each filter of /admin/payments,
// the remittance's preview counts and totals the recibos the list shows with that filter, less
// what only a remittance leaves out (not SEPA, no active mandate, a cancelled policy, in an open
// remittance, due after the collection date), and the generation locks exactly those recibos.
import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { lockSelection } from "../../api/db/remittances.repo";
import { policies, recibos, remittanceItems, remittances, sepaMandates } from "../../api/db/schema";
import { insertMandate } from "../../api/db/sepa-mandates.repo";
import { addMonths, madridDate } from "../../api/domain/calendar";
import { earliestCollectionDate } from "../../api/domain/sepa";
import { database, json, setUpAdminApi, superToken } from "../support/admin-api";
import { insertTestPolicy, type TestPolicy } from "../support/policies";
import type { RemittanceSelection } from "../../api/contract/remittances";

setUpAdminApi();

type Row = { id: number; policy: { id: number }; amountCents: number; status: string; dueDate: string };
type Page = { items: Row[]; total: number };
type Preview = { count: number; totalCents: number };

const today = madridDate(new Date());
const collectionDate = earliestCollectionDate(today);
const IBAN = "ES9121000418450200051332";

/** A monthly test policy, turned SEPA with an active mandate unless told otherwise. */
async function sepaPolicy(line: "auto" | "hogar" | "alquiler", o: { mandate?: boolean; status?: "en_vigor" | "anulada" } = {}) {
  const p = await insertTestPolicy(database.db, {
    line,
    startDate: addMonths(today, -4),
    createdAt: new Date(),
    frequency: "mensual",
    status: o.status,
  });
  await database.db.update(policies).set({ paymentMethod: "sepa", iban: IBAN, paymentMandate: null }).where(eq(policies.id, p.id));
  if (o.mandate !== false)
    await insertMandate(database.db, {
      policyId: p.id,
      policyNumber: p.number,
      debtorName: p.name,
      iban: IBAN,
      signedOn: today,
      sequenceType: "RCUR",
      at: new Date(),
    });
  return p;
}

let autoSepa: TestPolicy;
let homeSepa: TestPolicy;
let rentSepa: TestPolicy;
let noMandate: TestPolicy;
let cancelled: TestPolicy;
let card: TestPolicy;
/** Recibos of the list that a remittance leaves out by its own rules. */
const excluded = new Set<number>();

beforeAll(async () => {
  autoSepa = await sepaPolicy("auto");
  homeSepa = await sepaPolicy("hogar");
  rentSepa = await sepaPolicy("alquiler");
  noMandate = await sepaPolicy("hogar", { mandate: false });
  cancelled = await sepaPolicy("hogar", { status: "anulada" });
  card = await insertTestPolicy(database.db, { line: "hogar", startDate: addMonths(today, -4), createdAt: new Date(), frequency: "mensual" });
  // Different amounts, so that an amount range cuts across policies and lines.
  const amounts = [3_000, 9_500, 15_000, 22_000];
  for (const p of [autoSepa, homeSepa, rentSepa])
    for (const [i, r] of p.recibos.slice(1, 5).entries())
      await database.db.update(recibos).set({ amountCents: amounts[i]! }).where(eq(recibos.id, r.id));
  // A returned recibo (to re-present) and one already in an open remittance (remesado: not remittable).
  await database.db.update(recibos).set({ status: "devuelto", returnCode: "AM04" }).where(eq(recibos.id, homeSepa.recibos[1]!.id));
  const [open] = await database.db
    .insert(remittances)
    .values({
      messageId: "COTIZA-REM-T-1",
      requestKey: "seleccion-1",
      collectionDate: today,
      count: 1,
      totalCents: 9_500,
      fileXml: "<x/>",
      fileSha256: "0",
    })
    .returning({ id: remittances.id });
  const [mandate] = await database.db.select().from(sepaMandates).where(eq(sepaMandates.policyId, autoSepa.id));
  const inOpen = autoSepa.recibos[2]!;
  await database.db.update(recibos).set({ status: "remesado", remittanceId: open!.id }).where(eq(recibos.id, inOpen.id));
  await database.db.insert(remittanceItems).values({
    remittanceId: open!.id,
    reciboId: inOpen.id,
    endToEndId: "COT-REM-T-1",
    mandateId: mandate!.id,
    sequenceType: "RCUR",
    amountCents: 9_500,
  });
  for (const p of [noMandate, cancelled]) for (const r of p.recibos) excluded.add(r.id);
});

/** The list's recibos with these filters (pendiente and devuelto, due by the collection date), less the ones a remittance leaves out. */
async function listed(filters: Record<string, string>): Promise<Row[]> {
  const rows: Row[] = [];
  for (const status of ["pendiente", "devuelto"]) {
    const query = new URLSearchParams({ ...filters, method: "sepa", status, dueTo: filters.dueTo ?? collectionDate, pageSize: "100" });
    const page = await json<Page>("get", `/admin/payments/recibos?${query}`, { token: superToken, status: 200 });
    expect(page.total).toBeLessThan(100);
    rows.push(...page.items);
  }
  return rows.filter((r) => !excluded.has(r.id) && r.dueDate <= collectionDate).sort((a, b) => a.id - b.id);
}

async function remitted(selection: Omit<RemittanceSelection, "collectionDate">) {
  const body = { collectionDate, ...selection };
  const preview = await json<Preview>("post", "/admin/payments/remittances/preview", { token: superToken, body, status: 200 });
  const locked = await database.db.transaction((tx) => lockSelection(tx, body));
  return { preview, ids: locked.map((r) => r.reciboId).sort((a, b) => a - b) };
}

const sum = (rows: Row[]) => rows.reduce((total, r) => total + r.amountCents, 0);

describe("la selección de una remesa son los filtros de la lista de pagos", () => {
  // Functions: the policy number is only known once beforeAll has run.
  const cases: [string, () => [Record<string, string>, Omit<RemittanceSelection, "collectionDate">]][] = [
    ["sin filtros", () => [{}, {}]],
    ["por ramo", () => [{ line: "hogar" }, { line: "hogar" }]],
    [
      "por importe",
      () => [
        { amountMin: "9000", amountMax: "16000" },
        { amountMin: 9_000, amountMax: 16_000 },
      ],
    ],
    [
      "por ramo e importe",
      () => [
        { line: "alquiler", amountMin: "15000" },
        { line: "alquiler", amountMin: 15_000 },
      ],
    ],
    ["por número de póliza", () => [{ q: homeSepa.number }, { q: homeSepa.number }]],
    ["por vencimiento", () => [{ dueFrom: addMonths(today, -2) }, { dueFrom: addMonths(today, -2) }]],
  ];

  it.each(cases)("%s: la vista previa cuenta y suma los recibos que muestra la lista", async (_name, filtersOf) => {
    const [filters, selection] = filtersOf();
    const rows = await listed(filters);
    expect(rows.length).toBeGreaterThan(0);
    const { preview, ids } = await remitted(selection);
    expect(preview).toMatchObject({ count: rows.length, totalCents: sum(rows) });
    expect(ids).toEqual(rows.map((r) => r.id));
  });

  it("un solo estado de la remesa es el filtro de estado de la lista", async () => {
    const rows = (await listed({ line: "hogar" })).filter((r) => r.status === "devuelto");
    expect(rows.map((r) => r.id)).toEqual([homeSepa.recibos[1]!.id]);
    const { preview, ids } = await remitted({ line: "hogar", status: ["devuelto"] });
    expect(preview).toMatchObject({ count: 1, totalCents: sum(rows) });
    expect(ids).toEqual([homeSepa.recibos[1]!.id]);
  });

  it("deja fuera lo que solo una remesa excluye: sin mandato, póliza anulada, tarjeta, ya remesado, vence después del cobro", async () => {
    const { ids } = await remitted({});
    const policyOf = await database.db.select({ id: recibos.id, policyId: recibos.policyId }).from(recibos).where(inArray(recibos.id, ids));
    const policyIds = new Set(policyOf.map((r) => r.policyId));
    for (const p of [noMandate, cancelled, card]) expect(policyIds.has(p.id)).toBe(false);
    expect(ids).not.toContain(autoSepa.recibos[2]!.id);
    const due = await database.db.select({ dueDate: recibos.dueDate }).from(recibos).where(inArray(recibos.id, ids));
    expect(due.every((r) => r.dueDate <= collectionDate)).toBe(true);
    // And the list does show the ones without a mandate or of a cancelled policy: the difference is the remittance's own rule.
    const all = await json<Page>("get", `/admin/payments/recibos?method=sepa&line=hogar&status=pendiente&pageSize=100`, {
      token: superToken,
      status: 200,
    });
    expect(all.items.some((r) => r.policy.id === noMandate.id)).toBe(true);
    expect(all.items.some((r) => r.policy.id === cancelled.id)).toBe(true);
  });
});
