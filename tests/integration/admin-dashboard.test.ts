// The back-office dashboard over real HTTP (/admin/dashboard): live counts.
import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { adminUsers, clients, policies, quotes } from "../../api/db/schema";
import { createRole, createUser, database, json, superToken, setUpAdminApi } from "../support/admin-api";

setUpAdminApi();

describe("panel", () => {
  async function counts() {
    const [[q], [p], [c], [a]] = await Promise.all([
      database.db.select({ n: count() }).from(quotes),
      database.db.select({ n: count() }).from(policies),
      database.db.select({ n: count() }).from(clients),
      database.db.select({ n: count() }).from(adminUsers).where(eq(adminUsers.active, true)),
    ]);
    return { quotes: q!.n, policies: p!.n, clients: c!.n, adminUsers: a!.n };
  }

  it("cuenta en vivo cotizaciones, pólizas, clientes y usuarios activos del back office", async () => {
    const start = await json<Record<string, number>>("get", "/admin/dashboard", { token: superToken, status: 200 });
    expect(start).toEqual(await counts());

    const [client] = await database.db.insert(clients).values({ name: "Cliente de Prueba" }).returning({ id: clients.id });
    const [quote] = await database.db
      .insert(quotes)
      .values({ lineCode: "hogar", inputs: {}, offers: [], validUntil: new Date(Date.now() + 86_400_000) })
      .returning({ id: quotes.id });
    await database.db.insert(policies).values({
      number: `COT-TEST-${Date.now()}`,
      quoteId: quote!.id,
      clientId: client!.id,
      lineCode: "hogar",
      planCode: "basico",
      startDate: "2026-01-01",
      endDate: "2027-01-01",
      netPremiumCents: 10_000,
      totalPremiumCents: 10_000,
    });
    const user = await createUser((await createRole({})).id);

    const after = await json<Record<string, number>>("get", "/admin/dashboard", { token: superToken, status: 200 });
    expect(after).toEqual({
      quotes: start.quotes! + 1,
      policies: start.policies! + 1,
      clients: start.clients! + 1,
      adminUsers: start.adminUsers! + 1,
    });
    await json("patch", `/admin/users/${user.id}`, { token: superToken, body: { active: false }, status: 200 });
    expect((await json<Record<string, number>>("get", "/admin/dashboard", { token: superToken, status: 200 })).adminUsers).toBe(start.adminUsers);
  });
});
