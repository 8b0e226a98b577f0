// The boards' kept lane totals (ADR 041 «Velocidad», migration 0030): after a mix of writes by
// every path (leads made by hand, merged, moved, edited, reassigned, made by the daily run and won
// by a purchase; clients bought, moved by hand, moved by the daily run, their premium refreshed by
// a policy event (a purchase, a cancellation), inserted and deleted), the kept totals equal count/sum over the rows, before and
// after the daily run folds them; and each board's lanes equal a fresh count under every filter,
// the days that a filter's bound falls inside included.
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { ClientBoard, LeadBoard } from "../../api/contract/pipeline";
import { CLIENT_STALE_STAGES } from "../../api/contract/client-pipeline";
import { pipelineTotalsDrift } from "../../api/db/pipeline-totals.repo";
import { clients, clientStageDays, leadStageTotals, pipelineLeadQuotes, policies } from "../../api/db/schema";
import { nifCheckLetter } from "../../api/domain/nif";
import { leadsFromQuotes } from "../../api/services/pipeline-daily";
import { adminWith, database, json, login, server, setUpAdminApi, superToken, unique } from "../support/admin-api";
import { runToEnd } from "../support/lifecycle-run";
import { TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD } from "../support/db";
import { checkoutBody } from "../support/checkout";
import { AUTO } from "../support/quote-inputs";
import { memoryLogger } from "../support/server";

const DAY = 86_400_000;
let clock = new Date("2026-03-08T09:00:00Z");
setUpAdminApi({ now: () => clock });

const nif = (n: number) => `${62_500_000 + n}${nifCheckLetter(String(62_500_000 + n))}`;
const drift = () => pipelineTotalsDrift(database.db);
/** A token on the moved clock (tokens expire by the API's clock). */
const boss = () => login(TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD);

async function buyer(n: number) {
  const email = `${unique("comprador")}@example.com`;
  const { token } = await json<{ token: string }>("post", "/auth/register", {
    body: { name: "Ana Ruiz", email, password: "Gazpacho-andaluz-2026" },
    status: 201,
  });
  const quoteId = (await json<{ id: string }>("post", "/quotes", { token, body: { line: "auto", inputs: AUTO }, status: 201 })).id;
  return { token, quoteId, nif: nif(n) };
}

describe("totales del embudo mantenidos por las escrituras", () => {
  it("coinciden con count/sum tras una mezcla de escrituras, antes y después del plegado diario", async () => {
    const comercial = await adminWith({ "pipeline:read": true, "pipeline:write": true });
    const lead = (body: Record<string, unknown>) =>
      json<{ id: number; merged: boolean }>("post", "/admin/pipeline/leads", { token: superToken, body, status: 201 });
    const a = await lead({ name: "Lead Uno", email: "uno@example.com", line: "hogar", estimatedPremiumCents: 30_000 });
    const b = await lead({ name: "Lead Dos", phone: "600111222", line: "auto", estimatedPremiumCents: 45_000, ownerId: comercial.user.id });
    await lead({ name: "Lead Tres", email: "tres@example.com" });
    expect((await lead({ name: "Lead Uno bis", email: "UNO@example.com", line: "hogar" })).merged).toBe(true);
    await json("post", `/admin/pipeline/leads/${a.id}/move`, { token: superToken, body: { stage: "contactado" }, status: 200 });
    await json("post", `/admin/pipeline/leads/${b.id}/move`, { token: superToken, body: { stage: "perdido", lostReason: "precio" }, status: 200 });
    await json("patch", `/admin/pipeline/leads/${a.id}`, {
      token: superToken,
      body: { estimatedPremiumCents: 52_000, ownerId: comercial.user.id },
      status: 200,
    });
    expect(await drift()).toEqual([]);

    // The daily run makes a lead of an unbought quote; buying it wins the lead and makes a client (alta).
    const web = await buyer(1);
    await leadsFromQuotes({ db: database.db, logger: memoryLogger() }, new Date(clock.getTime() + 25 * 3_600_000));
    expect(await database.db.select().from(pipelineLeadQuotes).where(eq(pipelineLeadQuotes.quoteId, web.quoteId))).toHaveLength(1);
    const bought = await json<{ id: number }>("post", `/quotes/${web.quoteId}/checkout`, {
      token: web.token,
      body: checkoutBody(web.nif),
      status: 201,
    });
    const second = await buyer(2);
    await json("post", `/quotes/${second.quoteId}/checkout`, { token: second.token, body: checkoutBody(second.nif), status: 201 });
    const [{ clientId }] = (await database.db.select({ clientId: policies.clientId }).from(policies).where(eq(policies.id, bought.id))) as [
      { clientId: number },
    ];
    expect(await drift()).toEqual([]);

    // A move by hand, a client inserted and deleted, the daily run's step 6b (the purchases refreshed the kept premium).
    await json("post", `/admin/client-pipeline/clients/${clientId}/move`, {
      token: superToken,
      body: { stage: "en_riesgo", reason: "Llamó enfadado" },
      status: 200,
    });
    const extra = await database.db
      .insert(clients)
      .values({ name: "Borrado", stage: "baja", premiumCents: 1_000, lineCodes: ["hogar", "auto"] })
      .returning({ id: clients.id });
    await database.db.delete(clients).where(eq(clients.id, extra[0]!.id));
    clock = new Date(clock.getTime() + 40 * DAY);
    expect(await runToEnd(server.url, await boss())).toMatchObject({ status: "hecho" });
    expect(await drift()).toEqual([]);

    // A cancellation: the event refreshes the kept premium (to 0) and moves the client to baja.
    const today = clock.toISOString().slice(0, 10);
    await json("post", `/admin/policies/${bought.id}/cancel`, {
      token: await boss(),
      body: { reason: "peticion_cliente", effectiveDate: today },
      status: 200,
    });
    expect(
      await database.db.select({ stage: clients.stage, premiumCents: clients.premiumCents }).from(clients).where(eq(clients.id, clientId)),
    ).toEqual([{ stage: "baja", premiumCents: 0 }]);
    expect(await drift()).toEqual([]);
    clock = new Date(clock.getTime() + DAY);
    expect(await runToEnd(server.url, await boss())).toMatchObject({ status: "hecho" });
    expect(await drift()).toEqual([]);

    // The run folded the deltas: one row per key.
    const keys = await database.db.execute(sql`select count(*) - count(distinct (stage, line, day)) as dup from ${clientStageDays}`);
    expect(Number((keys as unknown as { rows: { dup: string }[] }).rows[0]!.dup)).toBe(0);
    const leadKeys = await database.db.execute(sql`select count(*) - count(distinct (stage, owner_id, line)) as dup from ${leadStageTotals}`);
    expect(Number((leadKeys as unknown as { rows: { dup: string }[] }).rows[0]!.dup)).toBe(0);
  });

  it("cada carril del tablero de clientes es un recuento exacto con cada filtro, también en el día del límite", async () => {
    clock = new Date("2026-06-15T12:00:00Z");
    // Clients entering their stage around the bounds: 30 days back (minAgeDays=30) and 7 (stale).
    const at = (days: number, hours: number) => new Date(clock.getTime() - days * DAY + hours * 3_600_000);
    const rows = [
      ...[-3, -1, 0, 1, 3].map((h) => ({ stage: "activo" as const, at: at(30, h), lines: ["hogar" as const] })),
      ...[-3, -1, 0, 1, 3].map((h) => ({ stage: "en_riesgo" as const, at: at(7, h), lines: ["auto" as const, "hogar" as const] })),
      ...[-2, 2].map((h) => ({ stage: "renovacion" as const, at: at(30, h), lines: [] })),
      { stage: "baja" as const, at: at(200, 0), lines: ["alquiler" as const] },
    ];
    await database.db
      .insert(clients)
      .values(rows.map((r, i) => ({ name: `Límite ${i}`, stage: r.stage, stageChangedAt: r.at, premiumCents: 1_000 * (i + 1), lineCodes: r.lines })));
    expect(await drift()).toEqual([]);
    const token = await boss();
    const filters = [
      "",
      "line=hogar",
      "minAgeDays=30",
      "stale=true",
      "stale=false",
      "line=hogar&minAgeDays=30",
      "minAgeDays=7&stale=false",
      "line=auto&stale=true",
    ];
    for (const filter of filters) {
      const board = await json<ClientBoard>("get", `/admin/client-pipeline/board?${filter}`, { token, status: 200 });
      const q = new URLSearchParams(filter);
      const staleSince = new Date(clock.getTime() - 7 * DAY);
      const stale = sql`(${clients.stage} in (${sql.join(
        CLIENT_STALE_STAGES.map((s) => sql`${s}`),
        sql`, `,
      )}) and ${clients.stageChangedAt} < ${staleSince})`;
      const fresh = await database.db
        .select({ stage: clients.stage, count: sql<number>`count(*)::int`, premium: sql<number>`coalesce(sum(${clients.premiumCents}), 0)::int` })
        .from(clients)
        .where(
          and(
            q.get("line") ? sql`${clients.lineCodes} @> array[${q.get("line")}]::line_code[]` : undefined,
            q.get("minAgeDays") ? sql`${clients.stageChangedAt} <= ${new Date(clock.getTime() - Number(q.get("minAgeDays")) * DAY)}` : undefined,
            q.get("stale") === "true" ? stale : q.get("stale") === "false" ? sql`not ${stale}` : undefined,
          ),
        )
        .groupBy(clients.stage);
      const expected = Object.fromEntries(fresh.map((f) => [f.stage, `${f.count}/${f.premium}`]));
      const got = Object.fromEntries(board.lanes.filter((l) => l.count !== 0).map((l) => [l.stage, `${l.count}/${l.premiumCents}`]));
      expect({ filter, got }).toEqual({ filter, got: expected });
    }
  });

  it("el tablero comercial lee los totales mantenidos sin filtro de tiempo, y cuenta las filas con él", async () => {
    const token = await boss();
    const all = await json<LeadBoard>("get", "/admin/pipeline/board", { token, status: 200 });
    const stale = await json<LeadBoard>("get", "/admin/pipeline/board?minAgeDays=0", { token, status: 200 });
    expect(all.lanes.map((l) => [l.stage, l.count, l.premiumCents])).toEqual(stale.lanes.map((l) => [l.stage, l.count, l.premiumCents]));
    const line = await json<LeadBoard>("get", "/admin/pipeline/board?line=hogar", { token, status: 200 });
    const lineTimed = await json<LeadBoard>("get", "/admin/pipeline/board?line=hogar&minAgeDays=0", { token, status: 200 });
    expect(line.lanes.map((l) => [l.stage, l.count, l.premiumCents])).toEqual(lineTimed.lanes.map((l) => [l.stage, l.count, l.premiumCents]));
  });
});
