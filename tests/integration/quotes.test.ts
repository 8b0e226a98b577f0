// The quote endpoints over real HTTP against a fresh database: pricing each line, validation and
// decline, the quote's validity and lazy expiry, and the plans' prices and tariffs read from the
// database. Who may read a quote is in quotes-ownership.test.ts. The server runs on a clock the
// tests move.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, plans, quotes, tariffs } from "../../api/db/schema";
import { overwriteSetting } from "../support/settings";
import { applyFactorsBp } from "../../api/domain/money";
import { ALQUILER, AUTO, HOGAR } from "../support/quote-inputs";
import {
  call,
  createdQuote,
  createQuote,
  DAY_MS,
  database,
  expectPricedPlans,
  type Plan,
  type QuoteBody,
  quoteCount,
  readQuote,
  registerVisitor,
  setUpQuotesApi,
  START,
} from "../support/quotes-api";

let clock = START;
setUpQuotesApi(() => clock);

describe("POST /quotes", () => {
  it("cotiza un coche: cuatro planes con precio para cada forma de pago, válido 15 días", async () => {
    const quote = await createdQuote("auto", AUTO);
    expect(quote).toMatchObject({ line: "auto", status: "cotizada", inputs: AUTO, createdAt: START.toISOString() });
    expect(quote.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(quote.validUntil).toBe(new Date(START.getTime() + 15 * DAY_MS).toISOString());
    expectPricedPlans(quote, 4);
    expect(quote.plans.map((p) => p.code)).toEqual(["terceros", "terceros_ampliado", "todo_riesgo_franquicia", "todo_riesgo"]);
    // Consorcio per vehicle is 2,10 €, whatever the plan.
    expect(quote.plans.every((p) => p.prices.anual!.consorcio === 210)).toBe(true);
  });

  it("cotiza un hogar con tres planes", async () => {
    const quote = await createdQuote("hogar", HOGAR);
    expect(quote).toMatchObject({ line: "hogar", status: "cotizada", inputs: HOGAR });
    expectPricedPlans(quote, 3);
    // 0,07 ‰ of 180.000 € = 12,60 €.
    expect(quote.plans[0]!.prices.anual!.consorcio).toBe(1260);
  });

  it("cotiza un impago de alquiler con los tres planes de meses cubiertos: los meses son el plan, no una pregunta (ADR 023)", async () => {
    const quote = await createdQuote("alquiler", ALQUILER);
    expectPricedPlans(quote, 3);
    expect(quote.plans.map((p) => p.code)).toEqual(["meses_6", "meses_12", "meses_18"]);
    expect(quote.plans.filter((p) => p.recommended).map((p) => p.code)).toEqual(["meses_12"]);
    // A caller from before still sending `months` gets the same quote; the months are not kept.
    const older = await createdQuote("alquiler", { ...ALQUILER, months: 6 });
    expect(older.inputs).not.toHaveProperty("months");
    expect(older.plans.map((p) => [p.code, p.recommended, p.prices.anual!.total])).toEqual(
      quote.plans.map((p) => [p.code, p.recommended, p.prices.anual!.total]),
    );
  });

  it("explica cada plan: la prima base y cada factor con su dato, su multiplicador y el importe acumulado", async () => {
    const quote = await createdQuote("auto", AUTO);
    for (const plan of quote.plans) {
      plan.explanation.forEach((line, i) => {
        const factors = plan.explanation.slice(0, i + 1).map((l) => l.value);
        expect(line.amountCents, `${plan.code} ${line.factor}`).toBe(applyFactorsBp(plan.basePremiumCents, factors));
      });
      expect(plan.explanation.at(-1)!.amountCents).toBe(plan.riskPremiumCents);
    }
    expect(quote.plans[0]!.explanation.map((l) => [l.factor, l.input])).toEqual([
      ["driver_age", "40 años"],
      ["licence_years", "20 años"],
      ["vehicle_value", "22.000,00\u00a0€"],
      ["zone", "C. P. 28013"],
      ["claim_free_years", "8 años"],
      ["vehicle_use", null],
      ["annual_km", "15.000 km"],
    ]);
  });

  it("lee una cotización guardada antes de los importes acumulados con ellos, sin cambiar sus precios", async () => {
    const quote = await createdQuote("hogar", HOGAR);
    const [row] = await database.db.select({ offers: quotes.offers }).from(quotes).where(eq(quotes.id, quote.id));
    // As offers were stored before: each factor line without `input` nor `amountCents`.
    const old = (row!.offers as Plan[]).map((plan) => ({
      ...plan,
      explanation: plan.explanation.map(({ factor, title, label, value }) => ({ factor, title, label, value })),
    }));
    await database.db.update(quotes).set({ offers: old }).where(eq(quotes.id, quote.id));
    const read = (await readQuote(quote.id, { owner: quote.ownerToken })).body as unknown as QuoteBody;
    for (const [i, plan] of read.plans.entries()) {
      expect(plan.prices).toEqual(quote.plans[i]!.prices);
      expect(plan.explanation.map((l) => l.amountCents)).toEqual(quote.plans[i]!.explanation.map((l) => l.amountCents));
      expect(plan.explanation.every((l) => l.input === null)).toBe(true);
    }
  });

  it("guarda la cotización con su registro de auditoría", async () => {
    const quote = await createdQuote("auto", AUTO);
    const [row] = await database.db.select().from(quotes).where(eq(quotes.id, quote.id));
    expect(row).toMatchObject({ lineCode: "auto", status: "cotizada", userId: null });
    expect(row!.validUntil.toISOString()).toBe(quote.validUntil);
    const audit = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "quote.created"), eq(auditLog.entityId, quote.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorType: "anonymous", entity: "quote" });
  });

  it("toma la validez del ajuste quote_validity_days", async () => {
    await overwriteSetting(database.db, "quote_validity_days", 30);
    try {
      const quote = await createdQuote("alquiler", ALQUILER);
      expect(quote.validUntil).toBe(new Date(START.getTime() + 30 * DAY_MS).toISOString());
    } finally {
      await overwriteSetting(database.db, "quote_validity_days", 15);
    }
  });

  it("responde 400 con los errores de cada campo en español y no guarda nada", async () => {
    const before = await quoteCount();

    const postal = await createQuote("auto", { ...AUTO, postalCode: "2801" });
    expect(postal.status).toBe(400);
    expect(postal.body.error).toBe("Datos no válidos");
    expect(postal.body.fieldErrors).toEqual({ postalCode: ["Introduzca un código postal de 5 cifras"] });

    const province = await createQuote("hogar", { ...HOGAR, postalCode: "99001" });
    expect(province.body.fieldErrors).toEqual({ postalCode: ["El código postal no corresponde a ninguna provincia española"] });

    const several = await createQuote("auto", {
      ...AUTO,
      vehicleValue: 50_000,
      vehicleYear: 1920,
      annualKm: 250_000,
      use: "taxi",
      vehicleBrand: " ",
    });
    expect(several.status).toBe(400);
    expect(several.body.fieldErrors).toEqual({
      vehicleValue: ["El valor del vehículo debe estar entre 1.000 € y 200.000 €"],
      vehicleYear: [expect.stringMatching(/^El año del vehículo debe estar entre 1950 y \d{4}$/)],
      annualKm: ["Los kilómetros al año deben estar entre 0 y 100.000"],
      use: ["Elija el uso del vehículo: particular o profesional"],
      vehicleBrand: ["Introduzca la marca del vehículo"],
    });

    const hogar = await createQuote("hogar", { ...HOGAR, areaM2: 5, buildingValue: 0, contentsValue: 0, floor: "sotano" });
    expect(hogar.body.fieldErrors).toMatchObject({
      areaM2: ["La superficie debe ser un número entero entre 20 y 1.000 m²"],
      floor: ["Elija la planta: bajo, intermedia o ático"],
    });

    const rent = await createQuote("alquiler", { postalCode: "08001", monthlyRent: 5_000, tenantMonthlyIncome: "mucho" });
    expect(rent.body.fieldErrors).toEqual({
      monthlyRent: ["La renta mensual debe estar entre 100 € y 10.000 €"],
      tenantMonthlyIncome: ["Introduzca los ingresos netos mensuales del inquilino"],
    });

    const date = await createQuote("auto", { ...AUTO, driverBirthDate: "1985-02-30" });
    expect(date.body.fieldErrors).toEqual({ driverBirthDate: ["Introduzca una fecha válida (dd/mm/aaaa)"] });

    const line = await call("POST", "/quotes", { body: { line: "vida", inputs: {} } });
    expect(line.status).toBe(400);
    expect(line.body.fieldErrors).toEqual({ line: ["Elija el seguro que desea: coche, hogar o alquiler"] });

    const empty = await call("POST", "/quotes", { body: { line: "auto" } });
    expect(empty.body.fieldErrors).toEqual({ inputs: ["Faltan los datos de la cotización"] });

    expect(await quoteCount()).toBe(before);
  });

  it("responde 400 con el campo cuando el riesgo incumple una regla del dominio", async () => {
    const before = await quoteCount();
    const young = await createQuote("auto", { ...AUTO, driverBirthDate: "2010-01-01", licenseDate: "2026-01-01" });
    expect(young.status).toBe(400);
    expect(young.body).toEqual({
      error: "Datos no válidos",
      fieldErrors: { driverBirthDate: ["El conductor debe tener al menos 18 años"] },
    });

    const futureLicence = await createQuote("auto", { ...AUTO, licenseDate: "2026-06-01" });
    expect(futureLicence.body.fieldErrors).toEqual({ licenseDate: ["La fecha del carné no puede ser posterior a hoy"] });
    expect(await quoteCount()).toBe(before);
  });

  it("rechaza con 422 un alquiler cuya renta supera el 40 % de los ingresos, sin guardar nada", async () => {
    const before = await quoteCount();
    const response = await createQuote("alquiler", { ...ALQUILER, monthlyRent: 130_001, tenantMonthlyIncome: 325_000 });
    expect(response.status).toBe(422);
    const reason = "La renta supera el 40 % de los ingresos netos del inquilino, por lo que no podemos asegurar este alquiler.";
    expect(response.body).toEqual({ error: reason, fieldErrors: { monthlyRent: [reason] } });
    expect(await quoteCount()).toBe(before);

    // Exactly 40 % is still insured.
    expect((await createQuote("alquiler", { ...ALQUILER, monthlyRent: 130_000, tenantMonthlyIncome: 325_000 })).status).toBe(201);
  });

  it("responde 401 a un token de sesión no válido en lugar de cotizar sin cuenta", async () => {
    const response = await createQuote("auto", AUTO, "no-es-un-token");
    expect(response.status).toBe(401);
  });
});

describe("la caducidad", () => {
  it("una cotización pasada su validez se lee como caducada, con su registro de auditoría", async () => {
    const quote = await createdQuote("alquiler", ALQUILER);
    clock = new Date(START.getTime() + 15 * DAY_MS);
    try {
      // At validUntil itself it is still valid.
      expect((await readQuote(quote.id, { owner: quote.ownerToken })).body.status).toBe("cotizada");
      clock = new Date(START.getTime() + 15 * DAY_MS + 1_000);
      const read = await readQuote(quote.id, { owner: quote.ownerToken });
      expect(read.status).toBe(200);
      expect(read.body.status).toBe("caducada");
      // The plans stay as they were priced.
      expect(read.body.plans).toEqual(quote.plans);
    } finally {
      clock = START;
    }
    const [row] = await database.db.select({ status: quotes.status }).from(quotes).where(eq(quotes.id, quote.id));
    expect(row!.status).toBe("caducada");
    const audit = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "quote.expired"), eq(auditLog.entityId, quote.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorType: "system", before: { status: "cotizada" }, after: { status: "caducada" } });
  });

  it("la lista del visitante muestra caducadas las que han pasado su validez", async () => {
    const token = await registerVisitor();
    const quote = await createdQuote("hogar", HOGAR, token);
    await database.db
      .update(quotes)
      .set({ validUntil: new Date(START.getTime() - 1_000) })
      .where(eq(quotes.id, quote.id));
    const list = await call("GET", "/me/quotes", { token });
    expect(list.body.items).toEqual([expect.objectContaining({ id: quote.id, status: "caducada" })]);
    // Expired once, with its audit row, however many times the list is read; the filter sees it expired.
    expect((await call("GET", "/me/quotes?status=caducada", { token })).body).toMatchObject({ total: 1 });
    expect((await call("GET", "/me/quotes?status=cotizada", { token })).body).toMatchObject({ total: 0 });
    const audit = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "quote.expired"), eq(auditLog.entityId, quote.id)));
    expect(audit).toHaveLength(1);
  });
});

describe("las tarifas y los precios de la base de datos", () => {
  it("usa el precio base de cada plan y la última versión en vigor de cada tarifa", async () => {
    const before = await createdQuote("alquiler", ALQUILER);
    const zoneBefore = before.plans[0]!.explanation.find((l) => l.factor === "zone")!;
    expect(zoneBefore).toMatchObject({ value: 11_000, label: expect.stringContaining("Barcelona") });
    expect(before.plans.map((p) => p.explanation.map((l) => l.factor))[0]).toEqual(["monthly_rent", "rent_income_ratio", "tenant_contract", "zone"]);

    const [zone] = await database.db
      .select()
      .from(tariffs)
      .where(and(eq(tariffs.lineCode, "alquiler"), eq(tariffs.factor, "zone"), eq(tariffs.version, 1)));
    const withFactor = (factorBp: number) => {
      const table = structuredClone(zone!.bands);
      if (table.kind !== "zone") throw new Error("zone table expected");
      table.zones = table.zones.map((z) => ({ ...z, factorBp }));
      return table;
    };
    const inserted = await database.db
      .insert(tariffs)
      .values([
        { lineCode: "alquiler", factor: "zone", bands: withFactor(20_000), version: 2, validFrom: new Date(START.getTime() - DAY_MS) },
        // Not in force yet: ignored until its date.
        { lineCode: "alquiler", factor: "zone", bands: withFactor(30_000), version: 3, validFrom: new Date(START.getTime() + DAY_MS) },
      ])
      .returning({ id: tariffs.id });
    await database.db
      .update(plans)
      .set({ basePremiumCents: 30_000 })
      .where(and(eq(plans.lineCode, "alquiler"), eq(plans.code, "meses_6")));
    try {
      const after = await createdQuote("alquiler", ALQUILER);
      const meses6 = after.plans.find((p) => p.code === "meses_6")!;
      expect(meses6.basePremiumCents).toBe(30_000);
      expect(meses6.explanation.find((l) => l.factor === "zone")!.value).toBe(20_000);
      // The new base premium times the same factors, with the zone at ×2 instead of ×1,10.
      const before6 = before.plans.find((p) => p.code === "meses_6")!;
      const otherFactors = before6.explanation.filter((l) => l.factor !== "zone").map((l) => l.value);
      expect(meses6.riskPremiumCents).toBe(applyFactorsBp(30_000, [...otherFactors, 20_000]));
      expect(meses6.riskPremiumCents).toBeGreaterThan(3 * before6.riskPremiumCents);

      clock = new Date(START.getTime() + 2 * DAY_MS);
      const later = await createdQuote("alquiler", ALQUILER);
      expect(later.plans[0]!.explanation.find((l) => l.factor === "zone")!.value).toBe(30_000);
    } finally {
      clock = START;
      await database.db
        .update(plans)
        .set({ basePremiumCents: 15_000 })
        .where(and(eq(plans.lineCode, "alquiler"), eq(plans.code, "meses_6")));
      for (const row of inserted) await database.db.delete(tariffs).where(eq(tariffs.id, row.id));
    }
  });
});
