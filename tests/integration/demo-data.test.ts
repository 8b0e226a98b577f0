// The demo data of a first start: customers, quotes and policies across lines and
// states, made through the API; once, and never on a database that already has customers.
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from "../../api/app";
import type { DatabaseHandle } from "../../api/db/client";
import { clients, policies, quotes, settings, users } from "../../api/db/schema";
import { DEMO_CUSTOMER_PASSWORD, DEMO_DATA_SETTING, DEMO_RATE_LIMITS, demoDataWanted, seedDemoData } from "../../api/db/seed/demo";
import { systemClock } from "../../platform/clock";
import { createTestDatabase } from "../support/db";
import { memoryLogger, TEST_JWT_SECRET } from "../support/server";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const apiOn = (handle: DatabaseHandle) =>
  createApi({
    db: handle.db,
    logger: memoryLogger(),
    now: systemClock,
    jwtSecret: TEST_JWT_SECRET,
    catalogueCacheMs: 0,
    rateLimits: DEMO_RATE_LIMITS,
  });

describe("datos de demostración", () => {
  it("solo en la base embebida fuera de producción, salvo que DEMO_DATA diga otra cosa", () => {
    expect(demoDataWanted({ NODE_ENV: "development" })).toBe(true);
    expect(demoDataWanted({ NODE_ENV: "development", DEMO_DATA: "0" })).toBe(false);
    expect(demoDataWanted({ NODE_ENV: "production" })).toBe(false);
    expect(demoDataWanted({ NODE_ENV: "development", DATABASE_URL: "postgres://x" })).toBe(false);
    expect(demoDataWanted({ NODE_ENV: "production", DATABASE_URL: "postgres://x", DEMO_DATA: "1" })).toBe(true);
  });

  it("crea clientes, cotizaciones y pólizas de los tres ramos en varios estados, una sola vez", async () => {
    const db = database.db;
    expect(await seedDemoData(db, apiOn(database), () => undefined)).toBe(true);

    const byLineAndStatus = await db.select({ line: policies.lineCode, status: policies.status }).from(policies);
    expect(new Set(byLineAndStatus.map((p) => p.line))).toEqual(new Set(["auto", "hogar", "alquiler"]));
    expect(byLineAndStatus.some((p) => p.status === "en_vigor")).toBe(true);
    expect(byLineAndStatus.some((p) => p.status === "anulada")).toBe(true);
    expect((await db.select({ n: count() }).from(clients))[0]!.n).toBeGreaterThanOrEqual(5);

    // Quotes left open and quotes past their validity.
    const api = apiOn(database);
    const login = await api.request("/auth/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "ana.torres@example.com", password: DEMO_CUSTOMER_PASSWORD }),
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const mine = (await (await api.request("/me/quotes", { headers: { authorization: `Bearer ${token}` } })).json()) as {
      items: Array<{ status: string }>;
    };
    expect(mine.items.map((q) => q.status).sort()).toEqual(["caducada", "contratada", "cotizada"]);

    // Once: the setting records it, and a second start adds nothing.
    const [marker] = await db.select().from(settings).where(eq(settings.key, DEMO_DATA_SETTING));
    expect(marker).toBeDefined();
    const before = (await db.select({ n: count() }).from(quotes))[0]!.n;
    expect(await seedDemoData(db, apiOn(database), () => undefined)).toBe(false);
    expect((await db.select({ n: count() }).from(quotes))[0]!.n).toBe(before);
  });

  it("no toca una base que ya tiene clientes", async () => {
    const other = await createTestDatabase();
    try {
      const api = apiOn(other);
      const registered = await api.request("/auth/register", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ name: "Clienta Real", email: "real@example.com", password: "Gazpacho-andaluz-2026" }),
      });
      expect(registered.status).toBe(201);
      expect(await seedDemoData(other.db, api, () => undefined)).toBe(false);
      expect((await other.db.select({ n: count() }).from(users))[0]!.n).toBe(1);
      expect((await other.db.select({ n: count() }).from(quotes))[0]!.n).toBe(0);
    } finally {
      await other.close();
    }
  });
});
