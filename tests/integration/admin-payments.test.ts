// /admin/payments over real HTTP (ADR 028): the portfolio's recibos (filters, sort, paging, CSV),
// one recibo with its history, the bulk card retry (count and total computed by the API, a second
// submit charging nothing) and payments:read on the policy's recibos page.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, recibos, remittances } from "../../api/db/schema";
import { addMonths, madridDate, reciboPeriod } from "../../api/domain/calendar";
import { adminWith, call, database, FORBIDDEN, json, setUpAdminApi, superToken } from "../support/admin-api";
import { insertTestPolicy, reciboRows, type TestPolicy } from "../support/policies";

setUpAdminApi();

type Row = {
  id: number;
  number: string;
  policy: { id: number; number: string };
  status: string;
  amountCents: number;
  method: string | null;
  line: string;
  dueDate: string;
  period: { from: string; to: string };
  lastError: string | null;
  remittanceId: number | null;
};
type Page = { items: Row[]; total: number; totalCapped: boolean; page: number };
const list = (query: string, token = superToken) => json<Page>("get", `/admin/payments/recibos${query}`, { token, status: 200 });
const ids = (page: Page) => page.items.map((r) => r.id);

const today = madridDate(new Date());
const start = addMonths(today, -7);
let paying: TestPolicy;
let failing: TestPolicy;
let home: TestPolicy;
let remittanceId: number;

beforeAll(async () => {
  const createdAt = new Date();
  // Quarterly from seven months ago: recibo 1 paid, 2 and 3 due, 4 not yet.
  paying = await insertTestPolicy(database.db, { line: "auto", startDate: start, createdAt, frequency: "trimestral", mandate: "ok" });
  failing = await insertTestPolicy(database.db, { line: "auto", startDate: start, createdAt, frequency: "trimestral", mandate: "fail" });
  home = await insertTestPolicy(database.db, { line: "hogar", startDate: today, createdAt, frequency: "anual" });
  await database.db.update(recibos).set({ amountCents: 4321 }).where(eq(recibos.id, home.recibos[0]!.id));
  const [remittance] = await database.db
    .insert(remittances)
    .values({ messageId: "COT-REM-TEST-1", requestKey: "k1", collectionDate: today, count: 1, totalCents: 12000, fileXml: "<x/>", fileSha256: "0" })
    .returning({ id: remittances.id });
  remittanceId = remittance!.id;
  await database.db
    .update(recibos)
    .set({ remittanceId, returnReason: "Cuenta cancelada", returnCode: "AC04", status: "devuelto" })
    .where(eq(recibos.id, paying.recibos[3]!.id));
});

describe("la lista de recibos", () => {
  it("muestra cada recibo con su número, póliza, periodo, medio de pago y último error", async () => {
    const page = await list(`?remittance=${remittanceId}`);
    expect(page.total).toBe(1);
    const row = page.items[0]!;
    expect(row).toMatchObject({
      id: paying.recibos[3]!.id,
      number: `${paying.number} / 4`,
      policy: { id: paying.id, number: paying.number },
      line: "auto",
      method: "card",
      status: "devuelto",
      lastError: "AC04: Cuenta cancelada",
      remittanceId,
    });
    // The same period as the recibo PDF: to the day before the policy's end for the last one.
    expect(row.period).toEqual({ from: paying.recibos[3]!.dueDate, to: reciboPeriod(start, "trimestral", 4).to });
    const second = (await list(`?line=auto&status=pendiente&dueTo=${today}&sort=policyNumber&dir=asc`)).items.find(
      (r) => r.id === paying.recibos[1]!.id,
    );
    expect(second?.period).toEqual(reciboPeriod(start, "trimestral", 2));
  });

  it("filtra por estado, ramo, medio de pago, vencimiento, importe y remesa", async () => {
    expect(ids(await list("?line=hogar"))).toEqual([home.recibos[0]!.id]);
    expect(ids(await list("?amountMin=4000&amountMax=5000"))).toEqual([home.recibos[0]!.id]);
    expect((await list("?method=sepa")).total).toBe(0);
    const cobrados = await list("?status=cobrado");
    expect(cobrados.items.every((r) => r.status === "cobrado")).toBe(true);
    expect(ids(cobrados)).toEqual(expect.arrayContaining([paying.recibos[0]!.id, failing.recibos[0]!.id]));
    const due = await list(`?dueFrom=${paying.recibos[1]!.dueDate}&dueTo=${paying.recibos[1]!.dueDate}&sort=amount`);
    expect(ids(due).sort()).toEqual([paying.recibos[1]!.id, failing.recibos[1]!.id].sort());
    expect(due.total).toBe(2);
  });

  it("rechaza filtros incoherentes y órdenes desconocidos", async () => {
    expect((await call("get", "/admin/payments/recibos?amountMin=500&amountMax=100", { token: superToken })).status).toBe(400);
    expect((await call("get", "/admin/payments/recibos?dueFrom=2026-05-01&dueTo=2026-04-01", { token: superToken })).status).toBe(400);
    expect((await call("get", "/admin/payments/recibos?sort=nombre", { token: superToken })).status).toBe(400);
  });

  it("ordena por vencimiento, importe, estado y número de póliza, y pagina", async () => {
    const all = await list("?pageSize=100&sort=amount&dir=asc");
    expect(all.total).toBe(9);
    expect(all.items[0]!.amountCents).toBe(4321);
    const byDue = (await list("?pageSize=100")).items.map((r) => r.dueDate);
    expect(byDue).toEqual([...byDue].sort().reverse());
    const byNumber = (await list("?pageSize=100&sort=policyNumber&dir=asc")).items.map((r) => r.number);
    expect(byNumber[0]).toBe(`${[paying, failing, home].map((p) => p.number).sort()[0]} / 1`);
    const byStatus = (await list("?pageSize=100&sort=status&dir=asc")).items.map((r) => r.status);
    expect(byStatus.indexOf("pendiente")).toBeLessThan(byStatus.indexOf("cobrado"));
    const second = await list("?pageSize=2&page=2&sort=amount&dir=asc");
    expect(ids(second)).toEqual(ids(all).slice(2, 4));
  });

  it("exporta en CSV exactamente lo filtrado", async () => {
    const response = await call("get", "/admin/payments/recibos/export?line=hogar", { token: superToken });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/csv");
    const lines = (await response.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toContain("Recibo;Póliza;Tomador;Ramo");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${home.number} / 1`);
    expect(lines[1]).toContain("43,21");
  });
});

describe("un recibo con su historial", () => {
  it("reúne intentos, cobros y eventos con quién y cuándo, lo más reciente primero", async () => {
    const recibo = paying.recibos[1]!;
    await json("post", `/admin/policies/${paying.id}/recibos/${recibo.id}/charge`, { token: superToken, status: 200 });
    const answer = await json<{ recibo: Row; history: { kind: string; at: string; summary: string; actor: { label: string | null } }[] }>(
      "get",
      `/admin/payments/recibos/${recibo.id}`,
      { token: superToken, status: 200 },
    );
    expect(answer.recibo).toMatchObject({ id: recibo.id, status: "cobrado", number: `${paying.number} / 2` });
    const kinds = answer.history.map((e) => e.kind);
    expect(kinds).toContain("cobro");
    const event = answer.history.find((e) => e.kind === "evento");
    expect(event?.summary).toContain("Recibo cobrado");
    expect(event?.actor.label).toBeTruthy();
    const times = answer.history.map((e) => e.at);
    expect(times).toEqual([...times].sort().reverse());
    expect((await call("get", "/admin/payments/recibos/999999", { token: superToken })).status).toBe(404);
  });
});

describe("reintentar el cobro con tarjeta de una selección", () => {
  const filters = { line: "auto" as const };
  type Preview = { count: number; totalCents: number; asOf: string };

  it("cuenta y suma en la API, cobra, informa de los rechazados y no cobra dos veces", async () => {
    const preview = await json<Preview>("get", "/admin/payments/card-retry?line=auto", { token: superToken, status: 200 });
    // paying 3, failing 2 and 3 (pendiente, due) and paying 4 (devuelto: owed now, though due later); paying 2 was charged above.
    expect(preview).toMatchObject({ count: 4, totalCents: 48_000 });
    expect((await json<Preview>("get", "/admin/payments/card-retry?line=auto&method=sepa", { token: superToken, status: 200 })).count).toBe(0);

    const body = { filters, asOf: preview.asOf, expectedCount: preview.count, expectedTotalCents: preview.totalCents };
    const wrong = await call("post", "/admin/payments/card-retry", { token: superToken, body: { ...body, expectedCount: 3 } });
    expect(wrong.status).toBe(409);
    expect(await wrong.json()).toEqual({ error: expect.stringContaining("ahora son 4 recibos") });

    const result = await json("post", "/admin/payments/card-retry", { token: superToken, body, status: 200 });
    expect(result).toEqual({ count: 4, totalCents: 48_000, charged: 2, chargedCents: 24_000, declined: 2, skipped: 0 });
    expect((await reciboRows(database.db, paying.id)).map((r) => r.status)).toEqual(["cobrado", "cobrado", "cobrado", "cobrado"]);
    expect((await reciboRows(database.db, failing.id)).map((r) => r.status)).toEqual(["cobrado", "devuelto", "devuelto", "pendiente"]);

    // The same confirmation again (a double submit): nothing left to charge, said so, nothing charged.
    const again = await call("post", "/admin/payments/card-retry", { token: superToken, body });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: expect.stringContaining("ya se ha procesado") });
    expect((await reciboRows(database.db, failing.id)).map((r) => r.attempts)).toEqual([0, 1, 1, 0]);

    const audits = await database.db.select().from(auditLog).where(eq(auditLog.action, "recibo.card_retry"));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.after).toMatchObject({ charged: 2, declined: 2 });
  });

  it("necesita payments:write", async () => {
    const reader = await adminWith({ "payments:read": true });
    expect(await json("get", "/admin/payments/card-retry?line=auto", { token: reader.token, status: 403 })).toEqual(FORBIDDEN);
  });
});

describe("payments:read", () => {
  it("protege la lista y la página de recibos de una póliza: un comercial sin el permiso recibe 403", async () => {
    const comercial = await adminWith({ "policies:read": true, "clients:read": true });
    expect(await json("get", `/admin/policies/${paying.id}/payments`, { token: comercial.token, status: 403 })).toEqual(FORBIDDEN);
    expect((await call("get", "/admin/payments/recibos", { token: comercial.token })).status).toBe(403);
    expect((await call("get", `/admin/payments/recibos/${paying.recibos[0]!.id}`, { token: comercial.token })).status).toBe(403);
    const auditor = await adminWith({ "payments:read": true });
    expect((await list("?line=hogar", auditor.token)).total).toBe(1);
    const policy = await json<{ policy: { number: string } }>("get", `/admin/policies/${paying.id}/payments`, { token: auditor.token, status: 200 });
    expect(policy.policy.number).toBe(paying.number);
  });
});
