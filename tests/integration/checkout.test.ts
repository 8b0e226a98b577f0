// Checking out over real HTTP against a fresh database: card and SEPA checkouts, a declined card
// that leaves nothing behind, an expired quote, someone else's quote (404), idempotency under 10
// concurrent identical requests, recibos that add up for every frequency, consents with time and
// IP, and the outbox row. Pricing a choice is in checkout-price.test.ts, the start date in
// checkout-start-date.test.ts, the insured object in checkout-insured-object.test.ts.
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, clients, consents, outboxEmails, payments, policies, quotes, recibos, type EmailAttachment } from "../../api/db/schema";
import { isValidIban } from "../../api/domain/iban";
import {
  call,
  checkout,
  checkoutBody,
  CONSENTS,
  createQuote,
  database,
  DECLINED_CARD,
  GOOD_CARD,
  holder,
  IBAN,
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
import { ALQUILER, AUTO, HOGAR } from "../support/quote-inputs";

setUpCheckoutApi();

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
      // Its first policy, not in force until tomorrow (ADR 041 «Clientes»).
      stage: "alta",
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

async function userIdOf(email: string): Promise<number> {
  const rows = await database.db.execute(sql`select id from users where email = ${email}`);
  return Number((rows as unknown as { rows: Array<{ id: number }> }).rows[0]!.id);
}
