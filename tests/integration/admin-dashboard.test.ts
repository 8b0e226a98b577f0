// The back-office dashboard over real HTTP (/admin/dashboard, ADR 035): each figure of a known
// portfolio exact, equal to the count of the list it links to, only for the permissions that read
// that list; and the trigger-kept counters equal to a fresh count(*) after a mixed sequence of writes.
import { eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Dashboard } from "../../api/contract/dashboard";
import { dashboardCountsDrift } from "../../api/db/dashboard.repo";
import { dashboardCounts, policies, quotes, recibos, users } from "../../api/db/schema";
import { addDays, addMonths } from "../../api/domain/calendar";
import { adminWith, call, database, json, PASSWORD, server, superToken, setUpAdminApi } from "../support/admin-api";
import { runToEnd } from "../support/lifecycle-run";
import { checkoutBody } from "../support/checkout";
import { AUTO, HOGAR } from "../support/quote-inputs";
import { insertTestPolicy } from "../support/policies";

// Mid-month, so this month's span (1–15) and last month's (1–15 October) both have days on either side.
const NOW = new Date("2026-11-15T10:00:00.000Z");
const TODAY = "2026-11-15";
setUpAdminApi({ now: () => NOW });

type ListAnswer = { items: Record<string, unknown>[]; total: number; totalCapped: boolean };
const list = (path: string) => json<ListAnswer>("get", path, { token: superToken, status: 200 });
const figures = (token = superToken) => json<Dashboard>("get", "/admin/dashboard", { token, status: 200 });
const sumOf = (items: Record<string, unknown>[], key: string) => items.reduce((s, i) => s + (i[key] as number), 0);

async function visitor(): Promise<number> {
  const [row] = await database.db
    .insert(users)
    .values({ name: "Visitante", email: `v${Math.random().toString(36).slice(2)}@example.com`, passwordHash: "x" })
    .returning({ id: users.id });
  return row!.id;
}

async function quote(o: { hoursAgo: number; userId?: number | null; status?: "cotizada" | "contratada"; byAdmin?: boolean; validHours?: number }) {
  const createdAt = new Date(NOW.getTime() - o.hoursAgo * 3_600_000);
  await database.db.insert(quotes).values({
    lineCode: "hogar",
    inputs: {},
    offers: [],
    status: o.status ?? "cotizada",
    userId: o.userId ?? null,
    madeByAdminId: o.byAdmin ? (await json<{ id: number }>("get", "/admin/auth/me", { token: superToken })).id : null,
    validUntil: new Date(createdAt.getTime() + (o.validHours ?? 15 * 24) * 3_600_000),
    bestPrice: 30_000,
    createdAt,
  });
}

describe("panel: el negocio de hoy", () => {
  it("da cada cifra exacta de una cartera conocida, igual a lo que cuenta la lista a la que lleva", async () => {
    const before = await figures();
    // Nothing but the seed: every figure starts at zero.
    expect(before).toMatchObject({
      policiesInForce: 0,
      renewals: { days: 30, until: "2026-12-15", count: 0 },
      quotesWaiting: { count: 0, capped: false },
    });
    expect(before.premiums).toEqual({
      current: { from: "2026-11-01", to: TODAY, cents: 0, policies: 0 },
      previous: { from: "2026-10-01", to: "2026-10-15", cents: 0, policies: 0 },
    });

    const at = new Date("2026-09-01T10:00:00Z");
    // This month: two in the span (one anual 120 €, one trimestral 480 €), one after today.
    const a = await insertTestPolicy(database.db, { startDate: "2026-11-03", createdAt: at });
    await insertTestPolicy(database.db, { startDate: TODAY, createdAt: at, frequency: "trimestral" });
    await insertTestPolicy(database.db, { startDate: "2026-11-20", createdAt: at, status: "pendiente_pago" });
    // Last month: one in the span (mensual, 1.440 €), one after its day 15, one cancelled in the span (still written).
    await insertTestPolicy(database.db, { startDate: "2026-10-10", createdAt: at, frequency: "mensual" });
    await insertTestPolicy(database.db, { startDate: "2026-10-20", createdAt: at });
    await insertTestPolicy(database.db, { startDate: "2026-10-01", createdAt: at, status: "anulada" });
    // Renewals: ends on 25/11 (in 30 days) and on 15/12 (the 30th day); one on 20/12 and a vencida are not.
    await insertTestPolicy(database.db, { startDate: "2025-11-25", createdAt: at });
    await insertTestPolicy(database.db, { startDate: "2025-12-15", createdAt: at });
    await insertTestPolicy(database.db, { startDate: "2025-12-20", createdAt: at });
    await insertTestPolicy(database.db, { startDate: "2025-11-10", createdAt: at, status: "vencida" });
    // Recibos: a returned one (through the API) and one paid by transfer.
    const returned = await call("post", `/admin/policies/${a.id}/recibos/${a.recibos[0]!.id}/return`, {
      token: superToken,
      body: { reason: "Devuelto" },
    });
    expect(returned.status, await returned.clone().text()).toBe(200);

    // Quotes: one waiting for a call; not: made an hour ago, anonymous, by phone, bought, expired.
    const v = await visitor();
    await quote({ hoursAgo: 30, userId: v });
    await quote({ hoursAgo: 1, userId: v });
    await quote({ hoursAgo: 30 });
    await quote({ hoursAgo: 30, userId: v, byAdmin: true });
    await quote({ hoursAgo: 30, userId: v, status: "contratada" });
    await quote({ hoursAgo: 30, userId: v, validHours: 20 });

    const now = await figures();
    expect(now.premiums).toEqual({
      current: { from: "2026-11-01", to: TODAY, cents: 12_000 + 48_000, policies: 2 },
      previous: { from: "2026-10-01", to: "2026-10-15", cents: 144_000 + 12_000, policies: 2 },
    });
    expect(now.policiesInForce).toBe(7);
    expect(now.renewals).toEqual({ days: 30, until: "2026-12-15", count: 2 });
    expect(now.quotesWaiting).toEqual({ count: 1, capped: false });
    const [pending] = await database.db
      .select({ n: sql<number>`count(*)::int`, cents: sql<number>`sum(amount_cents)::int` })
      .from(recibos)
      .where(eq(recibos.status, "pendiente"));
    expect(now.recibos).toEqual({ pending: { count: pending!.n, cents: pending!.cents }, returned: { count: 1, cents: 12_000 } });

    // Each figure is what its list counts with the filters the page links to.
    const month = await list(`/admin/policies?startFrom=2026-11-01&startTo=${TODAY}&pageSize=100`);
    expect([month.total, sumOf(month.items, "totalPremiumCents")]).toEqual([2, 60_000]);
    const last = await list("/admin/policies?startFrom=2026-10-01&startTo=2026-10-15&pageSize=100");
    expect([last.total, sumOf(last.items, "totalPremiumCents")]).toEqual([2, 156_000]);
    expect((await list("/admin/policies?status=en_vigor")).total).toBe(now.policiesInForce);
    expect((await list("/admin/policies?renewalWithin=30")).total).toBe(now.renewals!.count);
    const pendingList = await list("/admin/payments/recibos?status=pendiente&pageSize=100");
    expect([pendingList.total, sumOf(pendingList.items, "amountCents")]).toEqual([now.recibos!.pending.count, now.recibos!.pending.cents]);
    const returnedList = await list("/admin/payments/recibos?status=devuelto&pageSize=100");
    expect([returnedList.total, sumOf(returnedList.items, "amountCents")]).toEqual([1, 12_000]);
    expect((await list("/admin/quotes?waiting=true")).total).toBe(now.quotesWaiting!.count);
    // The quotes list reads a lazily expired quote as caducada.
    expect((await list("/admin/quotes?status=caducada")).total).toBe(1);
  });

  it("da a cada rol solo las cifras de las listas que puede leer", async () => {
    const onlyPanel = await adminWith({ "dashboard:read": true });
    expect(await figures(onlyPanel.token)).toMatchObject({
      premiums: null,
      policiesInForce: null,
      renewals: null,
      recibos: null,
      quotesWaiting: null,
    });

    const money = await adminWith({ "dashboard:read": true, "payments:read": true });
    const m = await figures(money.token);
    expect(m.premiums).not.toBeNull();
    expect(m.recibos).not.toBeNull();
    expect(m).toMatchObject({ policiesInForce: null, renewals: null, quotesWaiting: null });

    const sales = await adminWith({ "dashboard:read": true, "policies:read": true });
    const s = await figures(sales.token);
    expect(s).toMatchObject({ premiums: null, recibos: null });
    expect([s.policiesInForce, s.renewals, s.quotesWaiting].every((x) => x !== null)).toBe(true);

    const none = await adminWith({ "policies:read": true, "payments:read": true });
    expect((await call("get", "/admin/dashboard", { token: none.token })).status).toBe(403);
    expect((await call("get", "/admin/quotes", { token: money.token })).status).toBe(403);
  });

  it("mantiene los contadores iguales a un count(*) después de ventas web y por teléfono, desistimiento, cobros, devoluciones, extornos, anulaciones, renovaciones y la ejecución diaria", async () => {
    const at = new Date("2026-09-01T10:00:00Z");
    const live = await insertTestPolicy(database.db, { startDate: "2026-09-01", createdAt: at, frequency: "trimestral" });
    const ending = await insertTestPolicy(database.db, { startDate: addMonths(addDays(TODAY, 10), -12), createdAt: at });
    const cancel = await insertTestPolicy(database.db, { startDate: "2026-08-01", createdAt: at, frequency: "mensual" });
    const post = async (path: string, body?: unknown, token = superToken, status = 200) => {
      const answer = await call("post", path, { token, body });
      expect(answer.status, `${path}: ${await answer.clone().text()}`).toBe(status);
      return answer;
    };
    // A sale on the web by a signed-in visitor, withdrawn (desistimiento); a sale by phone.
    const registered = await post("/auth/register", { name: "Tomadora Web", email: `web${Date.now()}@example.com`, password: PASSWORD }, "", 201);
    const { token: visitorToken } = (await registered.json()) as { token: string };
    const webQuote = (await (await post("/quotes", { line: "hogar", inputs: HOGAR }, visitorToken, 201)).json()) as { id: string };
    const webSale = await post(`/quotes/${webQuote.id}/checkout`, checkoutBody("50000001W", { plan: "basico" }, "hogar"), visitorToken, 201);
    await post(`/me/policies/${((await webSale.json()) as { id: number }).id}/withdraw`, undefined, visitorToken);
    const phoneQuote = (await (await post("/admin/policies/quotes", { line: "auto", inputs: AUTO }, superToken, 201)).json()) as { id: string };
    await post("/admin/policies", { quoteId: phoneQuote.id, ...checkoutBody("50000002A") }, superToken, 201);
    // Recibo 2 paid by transfer, then refunded; recibo 3 returned by the bank.
    await post(`/admin/policies/${live.id}/recibos/${live.recibos[1]!.id}/mark-paid`, { reference: "TRF-2026-0001" });
    await post(`/admin/policies/${live.id}/recibos/${live.recibos[1]!.id}/refund`);
    await post(`/admin/policies/${live.id}/recibos/${live.recibos[2]!.id}/return`, { reason: "Devuelto por el banco" });
    await post(`/admin/policies/${cancel.id}/cancel`, { reason: "peticion_cliente", effectiveDate: TODAY });
    await post(`/admin/policies/${ending.id}/renew`);
    // Many rows in one statement, an amount changed, a row deleted.
    await database.db
      .update(recibos)
      .set({ amountCents: sql`${recibos.amountCents} + 1` })
      .where(eq(recibos.policyId, live.id));
    await database.db
      .update(policies)
      .set({ status: "suspendida" })
      .where(inArray(policies.id, [live.id]));
    await database.db.delete(recibos).where(eq(recibos.id, live.recibos[3]!.id));
    expect(await runToEnd(server.url, superToken)).toMatchObject({ status: "hecho" });
    expect(await dashboardCountsDrift(database.db)).toEqual([]);

    // The daily run folded the counters into one row per key.
    const rows = await database.db
      .select({ kind: dashboardCounts.kind, status: dashboardCounts.status, day: dashboardCounts.day })
      .from(dashboardCounts);
    expect(new Set(rows.map((r) => `${r.kind}/${r.status}/${r.day}`)).size).toBe(rows.length);
  });
});
