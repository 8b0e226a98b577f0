// The in-memory catalogue: reused within its time to live, read again after it or after
// invalidate(), never kept with a TTL of 0, and a dated tariff version still starts on time
// while the tables are cached (the tariffs in force are chosen on every call).
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CatalogueCache } from "../../api/db/catalogue-cache";
import type { DatabaseHandle } from "../../api/db/client";
import { settingVersions, tariffs } from "../../api/db/schema";
import { overwriteSetting, storedSetting } from "../support/settings";
import { createTestDatabase } from "../support/db";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

async function setValidityDays(days: number) {
  await overwriteSetting(database.db, "quote_validity_days", days);
}

describe("CatalogueCache", () => {
  it("reutiliza lo leído mientras dura y vuelve a leer al caducar o al invalidar", async () => {
    let clock = 0;
    const cache = new CatalogueCache(database.db, 1_000, () => clock);
    await setValidityDays(15);
    expect(await cache.quoteValidityDays(new Date())).toBe(15);

    await setValidityDays(20);
    clock = 999;
    expect(await cache.quoteValidityDays(new Date())).toBe(15);
    clock = 1_000;
    expect(await cache.quoteValidityDays(new Date())).toBe(20);

    await setValidityDays(25);
    cache.invalidate();
    expect(await cache.quoteValidityDays(new Date())).toBe(25);
    await setValidityDays(15);
  });

  it("con tiempo de vida 0 lee siempre la base de datos", async () => {
    const cache = new CatalogueCache(database.db, 0);
    const before = await cache.distributor(new Date());
    const stored = await storedSetting(database.db, "distributor");
    const renamed = { ...(stored as Record<string, unknown>), distributorName: "Otra Correduría S.L." };
    await overwriteSetting(database.db, "distributor", renamed);
    try {
      expect((await cache.distributor(new Date())).distributorName).toBe("Otra Correduría S.L.");
    } finally {
      await overwriteSetting(database.db, "distributor", stored);
    }
    expect((await cache.distributor(new Date())).distributorName).toBe(before.distributorName);
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

  it("un ajuste con fecha de efecto futura se aplica desde su día sin reiniciar, aunque esté en memoria (ADR 038)", async () => {
    const cache = new CatalogueCache(database.db, 60_000);
    const eve = new Date("2026-05-31T21:59:00.000Z"); // 31 May, 23:59 in Madrid
    const day = new Date("2026-05-31T22:00:00.000Z"); // 1 June, 00:00 in Madrid
    expect((await cache.ratingTables("hogar", day)).settings.fractionation_surcharges_bp.mensual).toBe(700);
    const [row] = await database.db
      .insert(settingVersions)
      .values({ key: "fractionation_surcharges_bp", value: { anual: 0, semestral: 300, trimestral: 500, mensual: 900 }, effectiveFrom: "2026-06-01" })
      .returning({ id: settingVersions.id });
    try {
      cache.invalidate();
      expect((await cache.ratingTables("hogar", eve)).settings.fractionation_surcharges_bp.mensual).toBe(700);
      expect((await cache.ratingTables("hogar", day)).settings.fractionation_surcharges_bp.mensual).toBe(900);
      expect(await cache.setting("fractionation_surcharges_bp", day)).toMatchObject({ mensual: 900 });
    } finally {
      await database.db.delete(settingVersions).where(eq(settingVersions.id, row!.id));
    }
  });
});
