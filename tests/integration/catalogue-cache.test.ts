// The in-memory catalogue: reused within its time to live, read again after it or after
// invalidate(), never kept with a TTL of 0, and a dated tariff version still starts on time
// while the tables are cached (the tariffs in force are chosen on every call).
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CatalogueCache } from "../../api/db/catalogue-cache";
import type { DatabaseHandle } from "../../api/db/client";
import { settings, tariffs } from "../../api/db/schema";
import { createTestDatabase } from "../support/db";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

async function setValidityDays(days: number) {
  await database.db.update(settings).set({ value: days }).where(eq(settings.key, "quote_validity_days"));
}

describe("CatalogueCache", () => {
  it("reutiliza lo leído mientras dura y vuelve a leer al caducar o al invalidar", async () => {
    let clock = 0;
    const cache = new CatalogueCache(database.db, 1_000, () => clock);
    await setValidityDays(15);
    expect(await cache.quoteValidityDays()).toBe(15);

    await setValidityDays(20);
    clock = 999;
    expect(await cache.quoteValidityDays()).toBe(15);
    clock = 1_000;
    expect(await cache.quoteValidityDays()).toBe(20);

    await setValidityDays(25);
    cache.invalidate();
    expect(await cache.quoteValidityDays()).toBe(25);
    await setValidityDays(15);
  });

  it("con tiempo de vida 0 lee siempre la base de datos", async () => {
    const cache = new CatalogueCache(database.db, 0);
    const before = await cache.distributor();
    const [row] = await database.db.select().from(settings).where(eq(settings.key, "distributor"));
    const renamed = { ...(row!.value as Record<string, unknown>), distributorName: "Otra Correduría S.L." };
    await database.db.update(settings).set({ value: renamed }).where(eq(settings.key, "distributor"));
    try {
      expect((await cache.distributor()).distributorName).toBe("Otra Correduría S.L.");
    } finally {
      await database.db.update(settings).set({ value: row!.value }).where(eq(settings.key, "distributor"));
    }
    expect((await cache.distributor()).distributorName).toBe(before.distributorName);
  });

  it("comparte una sola lectura entre peticiones simultáneas", async () => {
    const cache = new CatalogueCache(database.db, 60_000);
    const [a, b] = await Promise.all([cache.productLines(), cache.productLines()]);
    expect(a).toBe(b);
    expect(a.map((line) => line.code)).toEqual(["auto", "hogar", "alquiler"]);
  });

  it("elige en cada cálculo la versión de tarifa en vigor, aunque las tablas estén en memoria", async () => {
    const start = new Date("2026-03-10T10:00:00.000Z");
    const tomorrow = new Date(start.getTime() + 24 * 60 * 60 * 1000);
    const [zone] = await database.db
      .select()
      .from(tariffs)
      .where(and(eq(tariffs.lineCode, "alquiler"), eq(tariffs.factor, "zone"), eq(tariffs.version, 1)));
    const [inserted] = await database.db
      .insert(tariffs)
      .values({ lineCode: "alquiler", factor: "zone", bands: zone!.bands, version: 2, validFrom: tomorrow })
      .returning({ id: tariffs.id });
    try {
      const cache = new CatalogueCache(database.db, 60_000);
      const version = (tables: Awaited<ReturnType<CatalogueCache["ratingTables"]>>) => tables.tariffs.find((t) => t.factor === "zone")!.table;
      const today = await cache.ratingTables("alquiler", start);
      const later = await cache.ratingTables("alquiler", new Date(tomorrow.getTime() + 1));
      // Same bands in both versions: identity tells which row was chosen.
      const rows = await database.db
        .select()
        .from(tariffs)
        .where(and(eq(tariffs.lineCode, "alquiler"), eq(tariffs.factor, "zone")));
      expect(rows).toHaveLength(2);
      expect(version(today)).not.toBe(version(later));
      expect(today.plans).toBe(later.plans);
    } finally {
      await database.db.delete(tariffs).where(eq(tariffs.id, inserted!.id));
    }
  });
});
