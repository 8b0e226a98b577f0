// Pricing a plan of a saved quote (POST /quotes/{id}/price) over real HTTP against a fresh database:
// the optional guarantees added to the net premium, recibos dated from the start date asked for, a
// binding price that a later tariff does not change, 400 for a plan or guarantee the quote lacks,
// and the owner's token of a quote made without a session (404 for anyone else).
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { plans } from "../../api/db/schema";
import { call, createQuote, database, NOT_FOUND_QUOTE, registerVisitor, setUpCheckoutApi, TOMORROW, type Breakdown } from "../support/checkout";
import { ALQUILER, AUTO, HOGAR } from "../support/quote-inputs";

setUpCheckoutApi();

describe("POST /quotes/{id}/price", () => {
  it("da el precio de la oferta guardada, con las garantías opcionales sumadas a la prima neta", async () => {
    const visitor = await registerVisitor();
    const quote = await createQuote("auto", AUTO, visitor.token);
    const terceros = quote.plans.find((p) => p.code === "terceros")!;
    const extras = terceros.optionalGuarantees.slice(0, 2);
    expect(extras.length).toBe(2);

    const plain = await call("POST", `/quotes/${quote.id}/price`, { token: visitor.token, body: { plan: "terceros", frequency: "anual" } });
    expect(plain.status, JSON.stringify(plain.body)).toBe(200);
    // The quote's own schedule is dated from the day it was made; a price for buying it, from tomorrow.
    const quoted = terceros.prices.anual!;
    expect(plain.body.price).toEqual({ ...quoted, recibos: quoted.recibos.map((r) => ({ ...r, dueDate: TOMORROW })) });

    // Repeated and out-of-order codes come back once each, in the plan's order.
    const chosen = [extras[1]!.code, extras[0]!.code, extras[1]!.code];
    const priced = await call("POST", `/quotes/${quote.id}/price`, {
      token: visitor.token,
      body: { plan: "terceros", optionalGuarantees: chosen, frequency: "mensual" },
    });
    expect(priced.status, JSON.stringify(priced.body)).toBe(200);
    expect(priced.body.optionalGuarantees).toEqual(extras.map((g) => g.code));
    const price = priced.body.price as Breakdown;
    expect(price.net).toBe(terceros.riskPremiumCents + extras[0]!.priceCents + extras[1]!.priceCents);
    expect(price.total).toBe(price.net + price.fractionation + price.consorcio + price.clea + price.ips);
    expect(price.recibos).toHaveLength(12);
    expect(price.recibos.reduce((sum, r) => sum + r.amount, 0)).toBe(price.total);
    // No start date asked: dated from tomorrow, and the answer says which start dates can be chosen today.
    expect(price.recibos[0]!.dueDate).toBe(TOMORROW);
    expect(priced.body.startDate).toBe(TOMORROW);
    expect(priced.body.startDates).toEqual({ earliest: TOMORROW, latest: "2026-05-09" });
    expect((priced.body.prices as Record<string, Breakdown>).mensual).toEqual(price);
  });

  it("fecha los recibos desde la fecha de efecto pedida y rechaza una fuera de plazo", async () => {
    const visitor = await registerVisitor();
    const quote = await createQuote("auto", AUTO, visitor.token);
    const later = await call("POST", `/quotes/${quote.id}/price`, {
      token: visitor.token,
      body: { plan: "terceros", frequency: "trimestral", startDate: "2026-04-30" },
    });
    expect(later.status, JSON.stringify(later.body)).toBe(200);
    expect(later.body.startDate).toBe("2026-04-30");
    expect((later.body.price as Breakdown).recibos.map((r) => r.dueDate)).toEqual(["2026-04-30", "2026-07-30", "2026-10-30", "2027-01-30"]);
    const today = await call("POST", `/quotes/${quote.id}/price`, {
      token: visitor.token,
      body: { plan: "terceros", frequency: "anual", startDate: "2026-03-10" },
    });
    expect(today.status).toBe(400);
    expect(today.body.fieldErrors).toEqual({ startDate: ["La fecha de efecto debe ser a partir de mañana"] });
  });

  it("es vinculante: no cambia aunque cambie la tarifa después de cotizar", async () => {
    const visitor = await registerVisitor();
    const quote = await createQuote("hogar", HOGAR, visitor.token);
    const basico = quote.plans.find((p) => p.code === "basico")!;
    const [before] = await database.db
      .select({ base: plans.basePremiumCents })
      .from(plans)
      .where(and(eq(plans.lineCode, "hogar"), eq(plans.code, "basico")));
    await database.db
      .update(plans)
      .set({ basePremiumCents: before!.base * 2 })
      .where(and(eq(plans.lineCode, "hogar"), eq(plans.code, "basico")));
    try {
      const answer = await call("POST", `/quotes/${quote.id}/price`, { token: visitor.token, body: { plan: "basico", frequency: "semestral" } });
      expect(answer.status).toBe(200);
      expect((answer.body.price as Breakdown).total).toBe(basico.prices.semestral!.total);
    } finally {
      await database.db
        .update(plans)
        .set({ basePremiumCents: before!.base })
        .where(and(eq(plans.lineCode, "hogar"), eq(plans.code, "basico")));
    }
  });

  it("responde 400 a un plan o una garantía que la oferta no tiene", async () => {
    const visitor = await registerVisitor();
    const quote = await createQuote("auto", AUTO, visitor.token);
    const badPlan = await call("POST", `/quotes/${quote.id}/price`, { token: visitor.token, body: { plan: "platino", frequency: "anual" } });
    expect(badPlan.status).toBe(400);
    expect(badPlan.body.fieldErrors).toEqual({ plan: ["Elija uno de los planes de la cotización"] });
    // Lunas is included in Todo riesgo, not an optional extra there.
    const badExtra = await call("POST", `/quotes/${quote.id}/price`, {
      token: visitor.token,
      body: { plan: "todo_riesgo", optionalGuarantees: ["auto_lunas"], frequency: "anual" },
    });
    expect(badExtra.status).toBe(400);
    expect(badExtra.body.fieldErrors?.optionalGuarantees).toEqual(["Esa garantía no se puede añadir al plan Todo riesgo"]);
  });

  it("vale con el token de una cotización sin sesión y da 404 a quien no es su dueño", async () => {
    const anonymous = await createQuote("alquiler", ALQUILER);
    const body = { plan: "meses_12", frequency: "anual" };
    expect((await call("POST", `/quotes/${anonymous.id}/price`, { body, owner: anonymous.ownerToken })).status).toBe(200);
    const stranger = await registerVisitor();
    for (const answer of [
      await call("POST", `/quotes/${anonymous.id}/price`, { body }),
      await call("POST", `/quotes/${anonymous.id}/price`, { body, token: stranger.token }),
      await call("POST", `/quotes/00000000-0000-4000-8000-000000000000/price`, { body, owner: anonymous.ownerToken }),
    ]) {
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual(NOT_FOUND_QUOTE);
    }
  });
});
