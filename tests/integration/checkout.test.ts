// Pricing a choice and checking out over real HTTP against a fresh database: card and SEPA
// checkouts, a declined card that leaves nothing behind, an expired quote, someone else's quote
// (404), idempotency under 10 concurrent identical requests, recibos that add up for every
// frequency, consents with time and IP, and the outbox row; the start date the customer chooses
// (tomorrow by default, up to 60 days ahead) and what identifies the insured object (the car's
// registration, the dwelling's address), required per line and kept in the policy's risk.
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, clients, consents, outboxEmails, payments, plans, policies, quotes, recibos, type EmailAttachment } from "../../api/db/schema";
import { isValidIban } from "../../api/domain/iban";
import {
  call,
  checkout,
  checkoutBody,
  CONSENTS,
  createQuote,
  database,
  DECLINED_CARD,
  download,
  GOOD_CARD,
  holder,
  IBAN,
  INSURED,
  NOT_FOUND_QUOTE,
  registerVisitor,
  SEPA,
  setUpCheckoutApi,
  START,
  tableCounts,
  TOMORROW,
  type Breakdown,
  type Policy,
} from "../support/checkout";
import { pdfText } from "../support/pdf-text";
import { DEFAULT_SETTINGS } from "../../api/db/seed/settings";
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

describe("POST /quotes/{id}/checkout", () => {
  it("contrata con tarjeta: póliza en vigor, recibos, cobro, consentimientos, correo y auditoría", async () => {
    const visitor = await registerVisitor();
    const quote = await createQuote("auto", AUTO, visitor.token);
    const terceros = quote.plans.find((p) => p.code === "terceros")!;
    const extra = terceros.optionalGuarantees[0]!;
    const priced = await call("POST", `/quotes/${quote.id}/price`, {
      token: visitor.token,
      body: { plan: "terceros", optionalGuarantees: [extra.code], frequency: "mensual" },
    });
    const body = checkoutBody(visitor.nif.toLowerCase(), {
      optionalGuarantees: [extra.code],
      frequency: "mensual",
      consents: { ...CONSENTS, marketing: true },
    });
    expect(body).not.toHaveProperty("startDate");

    const answer = await checkout(quote.id, body, visitor.token);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const policy = answer.body as unknown as Policy;
    expect(policy.number).toMatch(/^COT-2026-\d{6}$/);
    expect(policy).toMatchObject({
      line: "auto",
      status: "en_vigor",
      plan: { code: "terceros", name: "Terceros" },
      // No start date chosen: tomorrow, never the day of purchase.
      startDate: TOMORROW,
      endDate: "2027-03-11",
      frequency: "mensual",
      quoteId: quote.id,
      payment: { method: "card", label: "•••• 4242" },
      policyholder: { name: "Lucía Martín Sanz", nif: visitor.nif },
      withdrawal: { allowed: false, until: null },
    });
    expect(policy.guarantees.filter((g) => g.kind === "opcional")).toEqual([
      expect.objectContaining({ code: extra.code, priceCents: extra.priceCents }),
    ]);
    const expected = priced.body.price as Breakdown;
    expect(policy.premium).toEqual({
      net: expected.net,
      fractionation: expected.fractionation,
      consorcio: expected.consorcio,
      clea: expected.clea,
      ips: expected.ips,
      total: expected.total,
    });
    expect(policy.recibos.map((r) => r.amount)).toEqual(expected.recibos.map((r) => r.amount));
    expect(policy.recibos.map((r) => r.status)).toEqual(["cobrado", ...Array(11).fill("pendiente")]);
    expect(policy.recibos[0]!.paidAt).toBe(START.toISOString());
    expect(policy.recibos[0]!.dueDate).toBe(TOMORROW);
    expect(policy.recibos[1]!.dueDate).toBe("2026-04-11");
    // The registration, normalised in the risk beside the quote's inputs, and as people write it.
    expect(policy.risk).toMatchObject({ ...AUTO, registration: "1234BCD" });
    expect(policy.riskDescription.identification).toEqual({ label: "Matrícula", value: "1234 BCD" });
    expect(policy.riskDescription.rows[0]).toEqual({ label: "Matrícula", value: "1234 BCD" });
    expect(policy.documents.map((d) => d.url)).toEqual([`/me/policies/${policy.id}/documents/conditions`, "/documents/ipid/auto"]);

    const db = database.db;
    const [quoteRow] = await db.select({ status: quotes.status }).from(quotes).where(eq(quotes.id, quote.id));
    expect(quoteRow!.status).toBe("contratada");
    const [client] = await db.select().from(clients).where(eq(clients.nif, visitor.nif));
    expect(client).toMatchObject({
      name: "Lucía Martín Sanz",
      email: visitor.email,
      phone: "+34600123456",
      stage: "activo",
      birthDate: "1985-06-15",
    });
    const paymentRows = await db.select().from(payments).where(eq(payments.policyId, policy.id));
    expect(paymentRows).toHaveLength(1);
    expect(paymentRows[0]).toMatchObject({
      provider: "test",
      method: "card",
      methodLabel: "•••• 4242",
      status: "aceptado",
      amountCents: expected.recibos[0]!.amount,
    });
    expect(paymentRows[0]!.providerRef).toMatch(/^test_card_/);

    // Consents: one row per purpose, with the instant and the caller's address.
    const consentRows = await db.select().from(consents).where(eq(consents.clientId, client!.id));
    expect(consentRows.map((c) => [c.purpose, c.granted]).sort()).toEqual([
      ["ipid", true],
      ["marketing", true],
      ["privacy", true],
      ["terms", true],
    ]);
    for (const row of consentRows) {
      expect(row.at.toISOString()).toBe(START.toISOString());
      expect(row.ip).toBe("127.0.0.1");
    }

    const [email] = await db
      .select()
      .from(outboxEmails)
      .where(sql`${outboxEmails.subject} like ${`%${policy.number}%`}`);
    expect(email).toMatchObject({ to: visitor.email, status: "pendiente", attempts: 0 });
    expect(email!.body).toContain(policy.number);
    expect(email!.body).toContain("le cubre desde el 11/03/2026 a las 00:00 h");
    // The distributor's name ends in "S.L.": one full stop, in the sentence and in the signature.
    expect(email!.body).toContain("con Cotiza Correduría de Seguros, S.L. Su póliza está contratada");
    expect(email!.body).not.toContain("S.L..");
    expect(email!.body).toMatch(
      /\n\nCotiza Correduría de Seguros, S\.L\.\nInscrita en el Registro de distribuidores de seguros de la DGSFP con la clave J-3921\n/,
    );
    expect(email!.html).toContain("con Cotiza Correduría de Seguros, S.L. Su póliza está contratada");
    expect(email!.body).toContain("Fecha de efecto: 11/03/2026");
    expect(email!.body).toContain("Vehículo asegurado: matrícula 1234 BCD");
    // PUBLIC_BASE_URL is set: the e-mail links to Mi póliza.
    expect(email!.body).toContain("https://seguros.example.es/mi-poliza");
    expect(email!.attachments.map((a) => a.filename)).toEqual([
      `condiciones-particulares-${policy.number}.pdf`,
      "ipid-auto.pdf",
      `recibo-${policy.number}-1.pdf`,
    ]);
    for (const attachment of email!.attachments) {
      expect(
        Buffer.from((attachment as EmailAttachment).contentBase64, "base64")
          .subarray(0, 5)
          .toString(),
      ).toBe("%PDF-");
    }

    const actions = (
      await db
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(eq(auditLog.actorId, String(await userIdOf(visitor.email))))
    ).map((r) => r.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        "client.created",
        "policy.created",
        "payment.accepted",
        "policy.activated",
        "consent.recorded",
        "quote.contracted",
        "email.queued",
      ]),
    );

    // The full card number and the CVC are stored nowhere.
    const everything = JSON.stringify([
      await db.select().from(payments),
      await db.select().from(auditLog),
      await db.select({ body: outboxEmails.body }).from(outboxEmails),
      await db.select().from(policies),
    ]);
    expect(everything).not.toContain("4242424242424242");
    expect(everything).not.toContain("4242 4242 4242 4242");
  });

  it("contrata con domiciliación SEPA", async () => {
    expect(isValidIban(IBAN)).toBe(true);
    const visitor = await registerVisitor();
    const quote = await createQuote("hogar", HOGAR, visitor.token);
    const answer = await checkout(
      quote.id,
      checkoutBody(visitor.nif, { plan: "completo", frequency: "trimestral", payment: SEPA }, "hogar"),
      visitor.token,
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const policy = answer.body as unknown as Policy;
    expect(policy).toMatchObject({ line: "hogar", status: "en_vigor", frequency: "trimestral", payment: { method: "sepa" } });
    expect(policy.payment!.label).toMatch(/^ES91 .*1332$/);
    expect(policy.payment!.label).not.toContain("0418");
    expect(policy.recibos.map((r) => r.dueDate)).toEqual(["2026-03-11", "2026-06-11", "2026-09-11", "2026-12-11"]);
    // Hogar allows desistimiento: 14 days from the day of contracting.
    expect(policy.withdrawal).toEqual({ allowed: true, until: "2026-03-24" });

    // Mis cotizaciones: the quote names what it insures and the plan bought at its price, not the cheapest plan.
    const mine = await call("GET", "/me/quotes", { token: visitor.token });
    const listed = (mine.body.items as Array<Record<string, unknown>>).find((q) => q.id === quote.id)!;
    expect(listed).toMatchObject({
      status: "contratada",
      risk: `Vivienda en ${HOGAR.postalCode}`,
      contracted: { policyId: policy.id, policyNumber: policy.number, planName: policy.plan.name, premiumTotal: policy.premium.total },
    });
    expect(listed.bestPrice).not.toBe(policy.premium.total);
  });

  it("reparte la prima en recibos que suman el total para cada forma de pago", async () => {
    const visitor = await registerVisitor();
    const counts: Record<string, number> = { anual: 1, semestral: 2, trimestral: 4, mensual: 12 };
    for (const frequency of Object.keys(counts)) {
      const quote = await createQuote("alquiler", ALQUILER, visitor.token);
      const answer = await checkout(quote.id, checkoutBody(visitor.nif, { plan: "meses_12", frequency }, "alquiler"), visitor.token);
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      const policy = answer.body as unknown as Policy;
      const quoted = quote.plans.find((p) => p.code === "meses_12")!.prices[frequency]!;
      expect(policy.premium.total).toBe(quoted.total);
      expect(policy.recibos).toHaveLength(counts[frequency]!);
      expect(policy.recibos.reduce((sum, r) => sum + r.amount, 0)).toBe(policy.premium.total);
      const stored = await database.db.select({ amount: recibos.amountCents }).from(recibos).where(eq(recibos.policyId, policy.id));
      expect(stored.reduce((sum, r) => sum + r.amount, 0)).toBe(quoted.total);
    }
  });

  it("con la tarjeta rechazada responde 402 y no crea nada; después se puede pagar con la misma clave", async () => {
    const visitor = await registerVisitor();
    const quote = await createQuote("auto", AUTO, visitor.token);
    const before = await tableCounts();
    const body = checkoutBody(visitor.nif, { payment: DECLINED_CARD });
    const declined = await checkout(quote.id, body, visitor.token);
    expect(declined.status).toBe(402);
    expect(declined.body.error).toBe("El pago ha sido rechazado. Revise los datos de la tarjeta o pruebe con otro medio de pago.");
    expect(declined.body.fieldErrors?.cardNumber?.length).toBe(1);
    expect(await tableCounts()).toEqual(before);
    const [row] = await database.db.select({ status: quotes.status }).from(quotes).where(eq(quotes.id, quote.id));
    expect(row!.status).toBe("cotizada");
    expect(await database.db.select().from(clients).where(eq(clients.nif, visitor.nif))).toHaveLength(0);

    const paid = await checkout(quote.id, { ...body, payment: GOOD_CARD }, visitor.token);
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
  });

  it("responde 409 a una cotización caducada, la marca como caducada y no crea nada", async () => {
    const visitor = await registerVisitor();
    const quote = await createQuote("auto", AUTO, visitor.token);
    await database.db
      .update(quotes)
      .set({ validUntil: new Date(START.getTime() - 1000) })
      .where(eq(quotes.id, quote.id));
    const before = await tableCounts();
    const answer = await checkout(quote.id, checkoutBody(visitor.nif), visitor.token);
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual({ error: "La cotización ha caducado. Vuelva a cotizar para obtener un precio actualizado." });
    expect(await tableCounts()).toEqual(before);
    const [row] = await database.db.select({ status: quotes.status }).from(quotes).where(eq(quotes.id, quote.id));
    expect(row!.status).toBe("caducada");
    const price = await call("POST", `/quotes/${quote.id}/price`, { token: visitor.token, body: { plan: "terceros", frequency: "anual" } });
    expect(price.status).toBe(409);
  });

  it("no vuelve a contratar una cotización ya contratada con otra clave; la misma clave da la misma póliza", async () => {
    const visitor = await registerVisitor();
    const quote = await createQuote("alquiler", ALQUILER, visitor.token);
    const body = checkoutBody(visitor.nif, { plan: "meses_6" }, "alquiler");
    const first = await checkout(quote.id, body, visitor.token);
    expect(first.status).toBe(201);
    const again = await checkout(quote.id, body, visitor.token);
    expect(again.status).toBe(200);
    expect(again.body.number).toBe(first.body.number);
    const other = await checkout(quote.id, { ...body, idempotencyKey: crypto.randomUUID() }, visitor.token);
    expect(other.status).toBe(409);
    expect(other.body.error).toBe("Esta cotización ya se ha contratado. Puede ver su póliza en Mi póliza.");
    // The key of this checkout cannot be reused for another quote.
    const otherQuote = await createQuote("alquiler", ALQUILER, visitor.token);
    expect((await checkout(otherQuote.id, body, visitor.token)).status).toBe(409);
  });

  it("con 10 peticiones idénticas a la vez crea una póliza y cobra una vez", async () => {
    const visitor = await registerVisitor();
    const quote = await createQuote("hogar", HOGAR, visitor.token);
    const body = checkoutBody(visitor.nif, { plan: "basico", frequency: "semestral" }, "hogar");
    const answers = await Promise.all(Array.from({ length: 10 }, () => checkout(quote.id, body, visitor.token)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses, JSON.stringify(answers.map((a) => a.body))).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(answers.map((a) => a.body.number)).size).toBe(1);

    const policyRows = await database.db.select({ id: policies.id }).from(policies).where(eq(policies.quoteId, quote.id));
    expect(policyRows).toHaveLength(1);
    const paymentRows = await database.db
      .select()
      .from(payments)
      .where(and(eq(payments.policyId, policyRows[0]!.id), eq(payments.status, "aceptado")));
    expect(paymentRows).toHaveLength(1);
    const emails = await database.db
      .select({ id: outboxEmails.id })
      .from(outboxEmails)
      .where(sql`${outboxEmails.subject} like ${`%${answers[0]!.body.number}%`}`);
    expect(emails).toHaveLength(1);
  });

  it("valida los datos con mensajes en español por campo del formulario", async () => {
    const visitor = await registerVisitor();
    const quote = await createQuote("auto", AUTO, visitor.token);
    const answer = await checkout(
      quote.id,
      checkoutBody("12345678A", {
        payment: { ...GOOD_CARD, cardNumber: "4242 4242 4242 4241", cvc: "12" },
        consents: { terms: false, privacy: true, ipid: true, marketing: false },
        policyholder: { ...holder("12345678A"), phone: "12", postalCode: "99000" },
      }),
      visitor.token,
    );
    expect(answer.status).toBe(400);
    expect(answer.body.fieldErrors).toMatchObject({
      nif: ["Introduzca un NIF o NIE válido"],
      cardNumber: ["Introduzca un número de tarjeta válido"],
      cvc: ["Introduzca el código de seguridad (3 o 4 cifras)"],
      terms: ["Debe aceptar las condiciones de contratación"],
      phone: ["Introduzca un teléfono válido"],
      postalCode: ["El código postal no corresponde a ninguna provincia española"],
    });

    const clockChecks = await checkout(
      quote.id,
      checkoutBody(visitor.nif, { payment: { ...GOOD_CARD, expiry: "02/26" }, policyholder: { ...holder(visitor.nif), birthDate: "2010-01-01" } }),
      visitor.token,
    );
    expect(clockChecks.status).toBe(400);
    expect(clockChecks.body.fieldErrors).toEqual({ expiry: ["La tarjeta está caducada"], birthDate: ["El tomador debe ser mayor de edad"] });
  });

  it("rechaza un NIF que ya es tomador en otra cuenta", async () => {
    const first = await registerVisitor();
    const quote = await createQuote("alquiler", ALQUILER, first.token);
    expect((await checkout(quote.id, checkoutBody(first.nif, { plan: "meses_6" }, "alquiler"), first.token)).status).toBe(201);
    const second = await registerVisitor();
    const other = await createQuote("alquiler", ALQUILER, second.token);
    const answer = await checkout(other.id, checkoutBody(first.nif, { plan: "meses_6" }, "alquiler"), second.token);
    expect(answer.status).toBe(409);
    expect(answer.body.fieldErrors?.nif).toHaveLength(1);
  });

  it("contrata una cotización hecha sin sesión con su token y la pasa a la cuenta", async () => {
    const visitor = await registerVisitor();
    const anonymous = await createQuote("alquiler", ALQUILER);
    const answer = await checkout(anonymous.id, checkoutBody(visitor.nif, { plan: "meses_12" }, "alquiler"), visitor.token, anonymous.ownerToken);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const [row] = await database.db.select({ userId: quotes.userId, sessionId: quotes.sessionId }).from(quotes).where(eq(quotes.id, anonymous.id));
    expect(row).toEqual({ userId: await userIdOf(visitor.email), sessionId: null });
  });

  it("exige sesión y da 404 con la cotización de otra persona", async () => {
    const owner = await registerVisitor();
    const stranger = await registerVisitor();
    const quote = await createQuote("auto", AUTO, owner.token);
    expect((await checkout(quote.id, checkoutBody(stranger.nif))).status).toBe(401);
    const before = await tableCounts();
    for (const id of [quote.id, "00000000-0000-4000-8000-000000000000", "no-es-un-uuid"]) {
      const answer = await checkout(id, checkoutBody(stranger.nif), stranger.token);
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual(NOT_FOUND_QUOTE);
    }
    expect(await tableCounts()).toEqual(before);
  });
});

describe("la fecha de efecto", () => {
  it("por defecto es mañana; la elegida fija el vencimiento, los recibos, el correo y el PDF", async () => {
    const visitor = await registerVisitor();
    const quote = await createQuote("hogar", HOGAR, visitor.token);
    const answer = await checkout(
      quote.id,
      checkoutBody(visitor.nif, { plan: "completo", frequency: "semestral", startDate: "2026-04-15" }, "hogar"),
      visitor.token,
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const policy = answer.body as unknown as Policy;
    // Paid today, in force from the chosen day (cover begins then); desistimiento counts from the contract.
    expect(policy).toMatchObject({
      status: "en_vigor",
      startDate: "2026-04-15",
      endDate: "2027-04-15",
      withdrawal: { allowed: true, until: "2026-03-24" },
    });
    expect(policy.recibos.map((r) => [r.dueDate, r.status])).toEqual([
      ["2026-04-15", "cobrado"],
      ["2026-10-15", "pendiente"],
    ]);
    expect(policy.recibos[0]!.paidAt).toBe(START.toISOString());
    const [row] = await database.db
      .select({ startDate: policies.startDate, endDate: policies.endDate })
      .from(policies)
      .where(eq(policies.id, policy.id));
    expect(row).toEqual({ startDate: "2026-04-15", endDate: "2027-04-15" });
    const dues = await database.db
      .select({ dueDate: recibos.dueDate })
      .from(recibos)
      .where(eq(recibos.policyId, policy.id))
      .orderBy(recibos.sequence);
    expect(dues.map((r) => r.dueDate)).toEqual(["2026-04-15", "2026-10-15"]);
    const [email] = await database.db
      .select()
      .from(outboxEmails)
      .where(sql`${outboxEmails.subject} like ${`%${policy.number}%`}`);
    expect(email!.body).toContain("le cubre desde el 15/04/2026 a las 00:00 h");
    expect(email!.body).toContain("Fecha de vencimiento: 15/04/2027");
    const conditions = await download(`/me/policies/${policy.id}/documents/conditions`, { token: visitor.token });
    expect(conditions.status).toBe(200);
    const text = pdfText(conditions.bytes);
    expect(text).toContain("15/04/2026 a las 00:00 h");
    expect(text).toContain("15/04/2027 a las 00:00 h");
    expect(text).toContain("Dirección de la vivienda");
    expect(text).toContain("Calle de la Paz 3, 2.º A, 46001 Valencia");
  });

  it("acepta de mañana a 60 días después de hoy y responde 400 con el motivo fuera de ese plazo", async () => {
    const visitor = await registerVisitor();
    const cases: Array<[string, string | null]> = [
      ["2026-03-01", "La fecha de efecto debe ser a partir de mañana"],
      ["2026-03-10", "La fecha de efecto debe ser a partir de mañana"],
      ["2026-05-10", "La fecha de efecto no puede ser posterior a 60 días desde hoy"],
      ["2026-13-01", "Introduzca una fecha de efecto válida (dd/mm/aaaa)"],
    ];
    const quote = await createQuote("auto", AUTO, visitor.token);
    const before = await tableCounts();
    for (const [startDate, message] of cases) {
      const answer = await checkout(quote.id, checkoutBody(visitor.nif, { startDate }), visitor.token);
      expect(answer.status, startDate).toBe(400);
      expect(answer.body.fieldErrors, startDate).toEqual({ startDate: [message] });
    }
    expect(await tableCounts()).toEqual(before);
    for (const startDate of [TOMORROW, "2026-05-09"]) {
      const q = await createQuote("auto", AUTO, visitor.token);
      const answer = await checkout(q.id, checkoutBody(visitor.nif, { startDate }), visitor.token);
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      expect((answer.body as unknown as Policy).startDate).toBe(startDate);
    }
  });
});

describe("el objeto asegurado", () => {
  it("guarda la dirección de la vivienda en el riesgo de la póliza, aunque no sea la del tomador", async () => {
    const visitor = await registerVisitor();
    const quote = await createQuote("alquiler", ALQUILER, visitor.token);
    const answer = await checkout(quote.id, checkoutBody(visitor.nif, { plan: "meses_12" }, "alquiler"), visitor.token);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const policy = answer.body as unknown as Policy;
    const [row] = await database.db.select({ risk: policies.risk }).from(policies).where(eq(policies.id, policy.id));
    // Beside the quote's inputs (the tenant's contract defaulted) and the dwelling: the copy of the line's insurer (ADR 019).
    expect(row!.risk).toEqual({
      ...ALQUILER,
      tenantContract: "indefinido",
      riskAddress: { street: "Carrer de Balmes 21", postalCode: "08001", city: "Barcelona" },
      insurer: DEFAULT_SETTINGS.insurers.alquiler,
    });
    expect(policy.policyholder).toMatchObject({ name: "Lucía Martín Sanz" });
    expect(policy.riskDescription.title).toBe("Vivienda alquilada en Carrer de Balmes 21, 08001 Barcelona");
    expect(policy.riskDescription.identification).toEqual({ label: "Dirección de la vivienda", value: "Carrer de Balmes 21, 08001 Barcelona" });
    const [email] = await database.db
      .select()
      .from(outboxEmails)
      .where(sql`${outboxEmails.subject} like ${`%${policy.number}%`}`);
    expect(email!.body).toContain("Vivienda asegurada: Carrer de Balmes 21, 08001 Barcelona");
  });

  it("exige la matrícula al coche y la dirección a la vivienda, cada una en su ramo", async () => {
    const visitor = await registerVisitor();
    const car = await createQuote("auto", AUTO, visitor.token);
    const home = await createQuote("hogar", HOGAR, visitor.token);
    const before = await tableCounts();
    const { registration: _r, ...carWithout } = checkoutBody(visitor.nif) as Record<string, unknown>;
    void _r;
    const noRegistration = await checkout(car.id, carWithout, visitor.token);
    expect(noRegistration.status).toBe(400);
    expect(noRegistration.body.fieldErrors).toEqual({ registration: ["Indique la matrícula del vehículo"] });
    const badRegistration = await checkout(car.id, checkoutBody(visitor.nif, { registration: "1234 AEI" }), visitor.token);
    expect(badRegistration.body.fieldErrors).toEqual({ registration: ["Introduzca una matrícula válida, por ejemplo 1234 BCD o M-1234-AB"] });
    const carWithAddress = await checkout(car.id, checkoutBody(visitor.nif, INSURED.hogar), visitor.token);
    expect(carWithAddress.body.fieldErrors).toEqual({
      riskAddress: ["La dirección de la vivienda solo se indica en los seguros de hogar y de alquiler"],
    });

    const { riskAddress: _a, ...homeWithout } = checkoutBody(visitor.nif, { plan: "basico" }, "hogar") as Record<string, unknown>;
    void _a;
    const noAddress = await checkout(home.id, homeWithout, visitor.token);
    expect(noAddress.status).toBe(400);
    expect(noAddress.body.fieldErrors).toEqual({
      "riskAddress.street": ["Indique la calle y el número de la vivienda"],
      "riskAddress.postalCode": ["Introduzca el código postal de la vivienda (5 cifras)"],
      "riskAddress.city": ["Indique la población de la vivienda"],
    });
    // The price depends on the postal code: the dwelling must be in the quote's.
    const elsewhere = await checkout(
      home.id,
      checkoutBody(visitor.nif, { plan: "basico", riskAddress: { ...INSURED.hogar.riskAddress, postalCode: "28013" } }, "hogar"),
      visitor.token,
    );
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.fieldErrors).toEqual({
      "riskAddress.postalCode": [
        "El código postal de la vivienda debe ser el de la cotización (46001), porque el precio depende de él. Si la vivienda está en otro código postal, vuelva a cotizar.",
      ],
    });
    const homeWithRegistration = await checkout(
      home.id,
      checkoutBody(visitor.nif, { plan: "basico", registration: "1234 BCD" }, "hogar"),
      visitor.token,
    );
    expect(homeWithRegistration.body.fieldErrors).toEqual({ registration: ["La matrícula solo se indica en el seguro de coche"] });
    expect(await tableCounts()).toEqual(before);

    // The old provincial format too, stored without separators.
    const old = await checkout(car.id, checkoutBody(visitor.nif, { registration: "m-1234-ab" }), visitor.token);
    expect(old.status, JSON.stringify(old.body)).toBe(201);
    expect((old.body as unknown as Policy).risk.registration).toBe("M1234AB");
    expect((old.body as unknown as Policy).riskDescription.identification).toEqual({ label: "Matrícula", value: "M-1234-AB" });
    const conditions = await download(`/me/policies/${(old.body as unknown as Policy).id}/documents/conditions`, { token: visitor.token });
    expect(pdfText(conditions.bytes)).toMatch(/Matrícula[\s\S]*M-1234-AB/);
  });
});

async function userIdOf(email: string): Promise<number> {
  const rows = await database.db.execute(sql`select id from users where email = ${email}`);
  return Number((rows as unknown as { rows: Array<{ id: number }> }).rows[0]!.id);
}
