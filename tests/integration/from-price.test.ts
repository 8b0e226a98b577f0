// The home page's "desde" prices (ADR 023): each is what POST /quotes gives the stated
// profile for its cheapest plan, paid once a year, with the tariff in force; not a base premium.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../api/db/client";
import { tariffs } from "../../api/db/schema";
import { formatMoney } from "../../api/contract/format";
import { createTestDatabase } from "../support/db";
import { startTestServer } from "../support/server";

let database: DatabaseHandle;
let server: Awaited<ReturnType<typeof startTestServer>>;
const NOW = new Date("2026-11-25T10:00:00.000Z");

beforeAll(async () => {
  database = await createTestDatabase();
  // The test changes a tariff in the database and expects the next read to use it.
  server = await startTestServer({ database, now: () => NOW, catalogueCacheMs: 0 });
});
afterAll(async () => {
  await server?.stop();
  await database?.close();
});

type Line = {
  code: string;
  name: string;
  fromPrice: number | null;
  fromPriceBasis: { description: string; plan: { code: string; name: string }; frequency: string; inputs: Record<string, unknown> } | null;
};
type Quote = { plans: { code: string; basePremiumCents: number; prices: { anual: { total: number } } }[] };

async function lines(): Promise<Line[]> {
  const response = await fetch(`${server.url}/api/public/lines`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { lines: Line[] }).lines;
}

async function quote(line: string, inputs: unknown): Promise<Quote> {
  const response = await fetch(`${server.url}/api/quotes`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ line, inputs }),
  });
  const body = await response.json();
  expect(response.status, JSON.stringify(body)).toBe(201);
  return body as Quote;
}

describe("el precio «desde» de la portada", () => {
  it("es lo que POST /api/quotes da al perfil indicado en su plan más barato, pago anual, impuestos incluidos", async () => {
    const offered = await lines();
    expect(offered.map((l) => l.code)).toEqual(["auto", "hogar", "alquiler"]);
    for (const line of offered) {
      const basis = line.fromPriceBasis!;
      expect(basis.frequency).toBe("anual");
      const priced = await quote(line.code, basis.inputs);
      const totals = priced.plans.map((p) => p.prices.anual.total);
      expect(line.fromPrice, line.code).toBe(Math.min(...totals));
      expect(priced.plans.find((p) => p.code === basis.plan.code)!.prices.anual.total).toBe(line.fromPrice);
      // Not the cheapest base premium (what the page showed before: 220,00 € for a car).
      expect(line.fromPrice).not.toBe(Math.min(...priced.plans.map((p) => p.basePremiumCents)));
    }
    const auto = offered.find((l) => l.code === "auto")!;
    expect(auto.fromPriceBasis!.description).toMatch(/^Conductor de 45 años en Madrid, con carné desde hace 20 años y 10 años sin siniestros/);
    expect(auto.fromPriceBasis!.inputs).toMatchObject({ driverBirthDate: "1981-11-25", postalCode: "28001", claimFreeYears: 10 });
  });

  it("sigue a la tarifa en vigor: otra versión del factor de zona cambia el «desde» del coche", async () => {
    const before = (await lines()).find((l) => l.code === "auto")!;
    const [zone] = await database.db
      .select()
      .from(tariffs)
      .where(and(eq(tariffs.lineCode, "auto"), eq(tariffs.factor, "zone"), eq(tariffs.version, 1)));
    const table = structuredClone(zone!.bands);
    if (table.kind !== "zone") throw new Error("zone table expected");
    table.zones = table.zones.map((z) => ({ ...z, factorBp: 20_000 }));
    const [inserted] = await database.db
      .insert(tariffs)
      .values({ lineCode: "auto", factor: "zone", bands: table, version: 2, validFrom: new Date(NOW.getTime() - 60_000) })
      .returning({ id: tariffs.id });
    try {
      const after = (await lines()).find((l) => l.code === "auto")!;
      expect(after.fromPrice).toBeGreaterThan(before.fromPrice!);
      const priced = await quote("auto", after.fromPriceBasis!.inputs);
      expect(after.fromPrice).toBe(Math.min(...priced.plans.map((p) => p.prices.anual.total)));
    } finally {
      await database.db.delete(tariffs).where(eq(tariffs.id, inserted!.id));
    }
  });

  it("la portada muestra cada «desde» con el plan y el perfil que supone", async () => {
    const offered = await lines();
    // The text as read: React's separators between text pieces out, no-break spaces as spaces.
    const html = (await (await fetch(`${server.url}/`)).text()).replace(/<!-- -->/g, "").replace(/&nbsp;|\u00a0/g, " ");
    for (const line of offered) {
      expect(html).toContain(formatMoney(line.fromPrice!).replace(/\u00a0/g, " "));
      expect(html).toContain(`Plan ${line.fromPriceBasis!.plan.name}, pago anual, impuestos incluidos.`);
      expect(html).toContain(line.fromPriceBasis!.description.replace(/\u00a0/g, " "));
    }
    expect(html).not.toContain("antes de impuestos y recargos");
  });
});
