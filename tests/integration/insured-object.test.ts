// Issue 11 (part): the insured thing and the insurer are named. The car's brand and model come
// from the list of GET /public/vehicles; the tenant's contract type is a rating input that is
// stored; each line's insurer (setting "insurers") is copied into the policy when it is sold and
// named by the policy, its documents and the checkout's price; a returning customer's checkout is
// prefilled from GET /me/policyholder (their own data only).
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { policies } from "../../api/db/schema";
import { overwriteSetting, storedSetting } from "../support/settings";
import { DEFAULT_SETTINGS } from "../../api/db/seed/settings";
import { call, checkout, checkoutBody, createQuote, database, download, registerVisitor, setUpCheckoutApi, type Policy } from "../support/checkout";
import { pdfText } from "../support/pdf-text";
import { ALQUILER, AUTO, HOGAR } from "../support/quote-inputs";

setUpCheckoutApi();

const MESETA = DEFAULT_SETTINGS.insurers.auto;
const ALQ = DEFAULT_SETTINGS.insurers.alquiler;
const flat = (pdf: Buffer) => pdfText(pdf).replace(/\s+/g, " ");

describe("GET /public/vehicles y la marca y el modelo de una cotización de coche", () => {
  it("sirve la lista; POST /quotes rechaza una marca que no está o un modelo de otra marca", async () => {
    const list = await call("GET", "/public/vehicles");
    expect(list.status).toBe(200);
    const brands = list.body.brands as Array<{ brand: string; models: string[] }>;
    expect(brands.length).toBeGreaterThanOrEqual(30);
    expect(brands.find((b) => b.brand === "Seat")?.models).toContain("León");

    const unknownBrand = await call("POST", "/quotes", { body: { line: "auto", inputs: { ...AUTO, vehicleBrand: "Trabant", vehicleModel: "601" } } });
    expect(unknownBrand.status).toBe(400);
    expect(unknownBrand.body.fieldErrors).toEqual({ vehicleBrand: ["Elija la marca del vehículo de la lista"] });

    const otherBrand = await call("POST", "/quotes", { body: { line: "auto", inputs: { ...AUTO, vehicleBrand: "Seat", vehicleModel: "Golf" } } });
    expect(otherBrand.status).toBe(400);
    expect(otherBrand.body.fieldErrors).toEqual({ vehicleModel: ["Elija un modelo de Seat: el modelo elegido no es de esa marca"] });

    const ok = await call("POST", "/quotes", { body: { line: "auto", inputs: { ...AUTO, vehicleBrand: "Volkswagen", vehicleModel: "Golf" } } });
    expect(ok.status).toBe(201);
  });
});

describe("la situación laboral del inquilino", () => {
  it("cambia el precio, se guarda en la cotización y, sin ella, es «indefinido»", async () => {
    const funcionario = await createQuote("alquiler", { ...ALQUILER, tenantContract: "funcionario" });
    const temporal = await createQuote("alquiler", { ...ALQUILER, tenantContract: "temporal" });
    const omitted = await createQuote("alquiler", ALQUILER);
    const total = (q: typeof funcionario) => q.plans[0]!.prices.anual!.total;
    expect(total(temporal)).toBeGreaterThan(total(funcionario));
    const stored = (await call("GET", `/quotes/${temporal.id}`, { owner: temporal.ownerToken })).body;
    expect((stored.inputs as Record<string, unknown>).tenantContract).toBe("temporal");
    expect(((await call("GET", `/quotes/${omitted.id}`, { owner: omitted.ownerToken })).body.inputs as Record<string, unknown>).tenantContract).toBe(
      "indefinido",
    );

    const refused = await call("POST", "/quotes", { body: { line: "alquiler", inputs: { ...ALQUILER, tenantContract: "becario" } } });
    expect(refused.status).toBe(400);
    expect(refused.body.fieldErrors).toEqual({ tenantContract: ["Elija la situación laboral del inquilino"] });
  });
});

describe("la entidad aseguradora y el objeto asegurado en la póliza y sus documentos", () => {
  it("coche: la póliza guarda la aseguradora del ramo; condiciones, recibo e IPID la nombran con marca, modelo, año y matrícula", async () => {
    const visitor = await registerVisitor();
    const quote = await createQuote("auto", AUTO, visitor.token);
    const price = await call("POST", `/quotes/${quote.id}/price`, { token: visitor.token, body: { plan: "terceros", frequency: "anual" } });
    expect(price.body.insurer).toEqual(MESETA);
    const bought = await checkout(quote.id, checkoutBody(visitor.nif), visitor.token);
    expect(bought.status, JSON.stringify(bought.body)).toBe(201);
    const policy = bought.body as unknown as Policy & { insurer: unknown };
    expect(policy.insurer).toEqual(MESETA);
    expect(policy.risk).not.toHaveProperty("insurer");

    const conditions = flat((await download(`/me/policies/${policy.id}/documents/conditions`, { token: visitor.token })).bytes);
    for (const text of [MESETA.name, `NIF ${MESETA.taxId}`, `clave DGSFP ${MESETA.dgsfpKey}`, "Seat", "León", "2021", "1234 BCD"])
      expect(conditions).toContain(text);
    const recibo = flat((await download(`/me/policies/${policy.id}/recibos/1/document`, { token: visitor.token })).bytes);
    expect(recibo).toContain(MESETA.name);
    const ipid = flat((await download("/documents/ipid/auto")).bytes);
    expect(ipid).toContain(`clave DGSFP ${MESETA.dgsfpKey}`);

    // A later change of the line's insurer does not change the contract already made…
    const storedInsurers = await storedSetting(database.db, "insurers");
    const changed = {
      ...(storedInsurers as Record<string, unknown>),
      auto: { name: "Otra Aseguradora, S.A.", taxId: "A08907149", dgsfpKey: "C0001" },
    };
    await overwriteSetting(database.db, "insurers", changed);
    try {
      const again = await call("GET", `/me/policies/${policy.id}`, { token: visitor.token });
      expect(again.body.insurer).toEqual(MESETA);
      // …but new quotes are priced and sold with the new one.
      const next = await createQuote("auto", AUTO, visitor.token);
      const nextPrice = await call("POST", `/quotes/${next.id}/price`, { token: visitor.token, body: { plan: "terceros", frequency: "anual" } });
      expect((nextPrice.body.insurer as { name: string }).name).toBe("Otra Aseguradora, S.A.");
    } finally {
      await overwriteSetting(database.db, "insurers", storedInsurers);
    }

    // A policy sold before the copy existed names the line's insurer on its sale's day (ADR 038).
    const [stored] = await database.db.select({ risk: policies.risk }).from(policies).where(eq(policies.id, policy.id));
    const { insurer: _copy, ...withoutCopy } = stored!.risk;
    await database.db.update(policies).set({ risk: withoutCopy }).where(eq(policies.id, policy.id));
    expect((await call("GET", `/me/policies/${policy.id}`, { token: visitor.token })).body.insurer).toEqual(MESETA);
  });

  it("alquiler: otra aseguradora, la dirección de la vivienda y la situación laboral del inquilino en las condiciones", async () => {
    const visitor = await registerVisitor();
    const quote = await createQuote("alquiler", { ...ALQUILER, tenantContract: "temporal" }, visitor.token);
    const bought = await checkout(quote.id, checkoutBody(visitor.nif, { plan: "meses_12" }, "alquiler"), visitor.token);
    expect(bought.status, JSON.stringify(bought.body)).toBe(201);
    const policy = bought.body as unknown as Policy & { insurer: unknown };
    expect(policy.insurer).toEqual(ALQ);
    expect(policy.riskDescription.rows).toContainEqual({ label: "Situación laboral del inquilino", value: "Contrato temporal" });
    const conditions = flat((await download(`/me/policies/${policy.id}/documents/conditions`, { token: visitor.token })).bytes);
    for (const text of [ALQ.name, `NIF ${ALQ.taxId}`, `clave DGSFP ${ALQ.dgsfpKey}`, "Carrer de Balmes 21, 08001 Barcelona", "Contrato temporal"])
      expect(conditions).toContain(text);
    expect(flat((await download("/documents/ipid/alquiler")).bytes)).toContain(ALQ.name);
  });

  it("hogar: la dirección completa del riesgo, distinta de la del tomador", async () => {
    const visitor = await registerVisitor();
    const quote = await createQuote("hogar", HOGAR, visitor.token);
    const bought = await checkout(quote.id, checkoutBody(visitor.nif, { plan: "basico" }, "hogar"), visitor.token);
    expect(bought.status, JSON.stringify(bought.body)).toBe(201);
    const conditions = flat(
      (await download(`/me/policies/${(bought.body as unknown as Policy).id}/documents/conditions`, { token: visitor.token })).bytes,
    );
    expect(conditions).toContain("Calle de la Paz 3, 2.º A, 46001 Valencia");
    expect(conditions).toContain(MESETA.name);
  });
});

describe("GET /me/policyholder", () => {
  it("da el tomador de la última póliza del propio cliente, null sin pólizas, y 401 sin sesión", async () => {
    expect((await call("GET", "/me/policyholder")).status).toBe(401);
    expect((await call("GET", "/me/policyholder", { token: "x.y.z" })).status).toBe(401);

    const newcomer = await registerVisitor();
    expect((await call("GET", "/me/policyholder", { token: newcomer.token })).body).toEqual({ policyholder: null });

    const customer = await registerVisitor();
    const quote = await createQuote("auto", AUTO, customer.token);
    expect((await checkout(quote.id, checkoutBody(customer.nif), customer.token)).status).toBe(201);
    const own = await call("GET", "/me/policyholder", { token: customer.token });
    expect(own.status).toBe(200);
    expect(own.body).toEqual({
      policyholder: {
        name: "Lucía Martín Sanz",
        nif: customer.nif,
        birthDate: "1985-06-15",
        phone: expect.any(String),
        address: "Calle Mayor 12, 3.º B",
        postalCode: "28013",
        city: "Madrid",
      },
    });
    // Never payment data.
    expect(JSON.stringify(own.body)).not.toMatch(/4242|iban|card/i);
    // Another customer sees only their own (nothing yet), never this one's.
    expect((await call("GET", "/me/policyholder", { token: newcomer.token })).body).toEqual({ policyholder: null });
  });
});
