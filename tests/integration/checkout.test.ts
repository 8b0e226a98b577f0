// Pricing a choice, checking out and reading policies and documents over real HTTP against a fresh
// database: card and SEPA checkouts, a declined card that leaves nothing behind, an expired quote,
// someone else's quote/policy/documents (404), idempotency under 10 concurrent identical requests,
// recibos that add up for every frequency, consents with time and IP, PDFs and the outbox row.
import { and, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../api/db/client";
import { auditLog, clients, consents, outboxEmails, payments, plans, policies, quotes, recibos } from "../../api/db/schema";
import { isValidIban } from "../../api/domain/iban";
import { nifCheckLetter } from "../../api/domain/nif";
import { createTestDatabase } from "../support/db";
import { startTestServer } from "../support/server";
import { ALQUILER, AUTO, HOGAR } from "../support/quote-inputs";

let database: DatabaseHandle;
let server: Awaited<ReturnType<typeof startTestServer>>;

// 10:00 in Madrid (UTC+1 in March): the policy starts that day.
const START = new Date("2026-03-10T09:00:00.000Z");
const clock = START;

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startTestServer({ database, now: () => clock, publicBaseUrl: "https://seguros.example.es" });
});
afterAll(async () => {
  await server?.stop();
  await database?.close();
});

type Json = Record<string, unknown> & { error?: string; fieldErrors?: Record<string, string[]> };
type Breakdown = { net: number; fractionation: number; consorcio: number; clea: number; ips: number; total: number; recibos: { sequence: number; dueDate: string; amount: number }[] };
type Quote = {
  id: string;
  status: string;
  ownerToken?: string;
  plans: Array<{
    code: string;
    name: string;
    riskPremiumCents: number;
    optionalGuarantees: Array<{ code: string; priceCents: number }>;
    prices: Record<string, Breakdown>;
  }>;
};
type Policy = {
  id: number;
  number: string;
  line: string;
  status: string;
  plan: { code: string; name: string };
  startDate: string;
  endDate: string;
  frequency: string;
  quoteId: string;
  guarantees: Array<{ code: string; kind: string; priceCents: number | null }>;
  premium: Omit<Breakdown, "recibos">;
  recibos: Array<{ sequence: number; dueDate: string; amount: number; status: string; paidAt: string | null; documentUrl: string }>;
  payment: { method: string; label: string } | null;
  withdrawal: { allowed: boolean; until: string | null };
  documents: Array<{ kind: string; url: string }>;
  policyholder: { name: string; nif: string };
};

async function call(method: string, path: string, opts: { body?: unknown; token?: string; owner?: string } = {}) {
  const headers: Record<string, string> = {};
  if (opts.body !== undefined) headers["content-type"] = "application/json";
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.owner) headers["x-quote-owner"] = opts.owner;
  const response = await fetch(`${server.url}/api${path}`, { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as Json };
}

async function download(path: string, opts: { token?: string; owner?: string } = {}) {
  const headers: Record<string, string> = {};
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.owner) headers["x-quote-owner"] = opts.owner;
  const response = await fetch(`${server.url}/api${path}`, { headers });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}


const GOOD_CARD = { method: "card", cardNumber: "4242 4242 4242 4242", expiry: "12/30", cvc: "123", holder: "Lucía Martín" };
const DECLINED_CARD = { ...GOOD_CARD, cardNumber: "4000 0000 0000 0002" };
const IBAN = "ES91 2100 0418 4502 0005 1332";
const SEPA = { method: "sepa", iban: IBAN, holder: "Lucía Martín" };
const CONSENTS = { terms: true, privacy: true, ipid: true, marketing: false };

let visitors = 0;
async function registerVisitor(): Promise<{ token: string; email: string; nif: string }> {
  visitors += 1;
  const email = `tomador${visitors}@example.com`;
  const response = await call("POST", "/auth/register", { body: { name: `Tomador ${visitors}`, email, password: "Gazpacho-andaluz-2026" } });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  const digits = String(50_000_000 + visitors);
  return { token: response.body.token as string, email, nif: `${digits}${nifCheckLetter(digits)}` };
}

async function createQuote(line: string, inputs: unknown, token?: string): Promise<Quote> {
  const response = await call("POST", "/quotes", { body: { line, inputs }, token });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as unknown as Quote;
}

function holder(nif: string) {
  return {
    name: "Lucía Martín Sanz",
    nif,
    birthDate: "1985-06-15",
    phone: "+34 600 123 456",
    address: "Calle Mayor 12, 3.º B",
    postalCode: "28013",
    city: "Madrid",
  };
}

function checkoutBody(nif: string, overrides: Record<string, unknown> = {}) {
  return {
    plan: "terceros",
    optionalGuarantees: [],
    frequency: "anual",
    policyholder: holder(nif),
    payment: GOOD_CARD,
    consents: CONSENTS,
    idempotencyKey: crypto.randomUUID(),
    ...overrides,
  };
}

const checkout = (quoteId: string, body: unknown, token?: string, owner?: string) => call("POST", `/quotes/${quoteId}/checkout`, { body, token, owner });

async function tableCounts() {
  const db = database.db;
  const n = async (table: typeof clients | typeof policies | typeof recibos | typeof payments | typeof consents | typeof outboxEmails) =>
    (await db.select({ n: count() }).from(table))[0]!.n;
  return {
    clients: await n(clients),
    policies: await n(policies),
    recibos: await n(recibos),
    payments: await n(payments),
    consents: await n(consents),
    outbox: await n(outboxEmails),
  };
}

const NOT_FOUND_QUOTE = { error: "Cotización no encontrada" };
const NOT_FOUND_POLICY = { error: "Póliza no encontrada" };

describe("POST /quotes/{id}/price", () => {
  it("da el precio de la oferta guardada, con las garantías opcionales sumadas a la prima neta", async () => {
    const visitor = await registerVisitor();
    const quote = await createQuote("auto", AUTO, visitor.token);
    const terceros = quote.plans.find((p) => p.code === "terceros")!;
    const extras = terceros.optionalGuarantees.slice(0, 2);
    expect(extras.length).toBe(2);

    const plain = await call("POST", `/quotes/${quote.id}/price`, { token: visitor.token, body: { plan: "terceros", frequency: "anual" } });
    expect(plain.status, JSON.stringify(plain.body)).toBe(200);
    expect(plain.body.price).toEqual(terceros.prices.anual);

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
    expect(price.recibos[0]!.dueDate).toBe("2026-03-10");
    expect((priced.body.prices as Record<string, Breakdown>).mensual).toEqual(price);
  });

  it("es vinculante: no cambia aunque cambie la tarifa después de cotizar", async () => {
    const visitor = await registerVisitor();
    const quote = await createQuote("hogar", HOGAR, visitor.token);
    const basico = quote.plans.find((p) => p.code === "basico")!;
    const [before] = await database.db.select({ base: plans.basePremiumCents }).from(plans).where(and(eq(plans.lineCode, "hogar"), eq(plans.code, "basico")));
    await database.db.update(plans).set({ basePremiumCents: before!.base * 2 }).where(and(eq(plans.lineCode, "hogar"), eq(plans.code, "basico")));
    try {
      const answer = await call("POST", `/quotes/${quote.id}/price`, { token: visitor.token, body: { plan: "basico", frequency: "semestral" } });
      expect(answer.status).toBe(200);
      expect((answer.body.price as Breakdown).total).toBe(basico.prices.semestral!.total);
    } finally {
      await database.db.update(plans).set({ basePremiumCents: before!.base }).where(and(eq(plans.lineCode, "hogar"), eq(plans.code, "basico")));
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
    const body = checkoutBody(visitor.nif.toLowerCase(), { optionalGuarantees: [extra.code], frequency: "mensual", consents: { ...CONSENTS, marketing: true } });

    const answer = await checkout(quote.id, body, visitor.token);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const policy = answer.body as unknown as Policy;
    expect(policy.number).toMatch(/^COT-2026-\d{6}$/);
    expect(policy).toMatchObject({
      line: "auto",
      status: "en_vigor",
      plan: { code: "terceros", name: "Terceros" },
      startDate: "2026-03-10",
      endDate: "2027-03-10",
      frequency: "mensual",
      quoteId: quote.id,
      payment: { method: "card", label: "•••• 4242" },
      policyholder: { name: "Lucía Martín Sanz", nif: visitor.nif },
      withdrawal: { allowed: false, until: null },
    });
    expect(policy.guarantees.filter((g) => g.kind === "opcional")).toEqual([expect.objectContaining({ code: extra.code, priceCents: extra.priceCents })]);
    const expected = priced.body.price as Breakdown;
    expect(policy.premium).toEqual({ net: expected.net, fractionation: expected.fractionation, consorcio: expected.consorcio, clea: expected.clea, ips: expected.ips, total: expected.total });
    expect(policy.recibos.map((r) => r.amount)).toEqual(expected.recibos.map((r) => r.amount));
    expect(policy.recibos.map((r) => r.status)).toEqual(["cobrado", ...Array(11).fill("pendiente")]);
    expect(policy.recibos[0]!.paidAt).toBe(START.toISOString());
    expect(policy.recibos[1]!.dueDate).toBe("2026-04-10");
    expect(policy.documents.map((d) => d.url)).toEqual([`/me/policies/${policy.id}/documents/conditions`, "/documents/ipid/auto"]);

    const db = database.db;
    const [quoteRow] = await db.select({ status: quotes.status }).from(quotes).where(eq(quotes.id, quote.id));
    expect(quoteRow!.status).toBe("contratada");
    const [client] = await db.select().from(clients).where(eq(clients.nif, visitor.nif));
    expect(client).toMatchObject({ name: "Lucía Martín Sanz", email: visitor.email, phone: "+34600123456", stage: "activo", birthDate: "1985-06-15" });
    const paymentRows = await db.select().from(payments).where(eq(payments.policyId, policy.id));
    expect(paymentRows).toHaveLength(1);
    expect(paymentRows[0]).toMatchObject({ provider: "test", method: "card", methodLabel: "•••• 4242", status: "aceptado", amountCents: expected.recibos[0]!.amount });
    expect(paymentRows[0]!.providerRef).toMatch(/^test_card_/);

    // Consents: one row per purpose, with the instant and the caller's address.
    const consentRows = await db.select().from(consents).where(eq(consents.clientId, client!.id));
    expect(consentRows.map((c) => [c.purpose, c.granted]).sort()).toEqual([["ipid", true], ["marketing", true], ["privacy", true], ["terms", true]]);
    for (const row of consentRows) {
      expect(row.at.toISOString()).toBe(START.toISOString());
      expect(row.ip).toBe("127.0.0.1");
    }

    const [email] = await db.select().from(outboxEmails).where(sql`${outboxEmails.subject} like ${`%${policy.number}%`}`);
    expect(email).toMatchObject({ to: visitor.email, status: "pendiente", attempts: 0 });
    expect(email!.body).toContain(policy.number);
    // PUBLIC_BASE_URL is set: the e-mail links to Mi póliza.
    expect(email!.body).toContain("https://seguros.example.es/mi-poliza");
    expect(email!.attachments.map((a) => a.filename)).toEqual([`condiciones-particulares-${policy.number}.pdf`, "ipid-auto.pdf", `recibo-${policy.number}-1.pdf`]);
    for (const attachment of email!.attachments) {
      expect(Buffer.from(attachment.contentBase64, "base64").subarray(0, 5).toString()).toBe("%PDF-");
    }

    const actions = (await db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.actorId, String((await userIdOf(visitor.email)))))).map(
      (r) => r.action,
    );
    expect(actions).toEqual(expect.arrayContaining(["client.created", "policy.created", "payment.accepted", "policy.activated", "consent.recorded", "quote.contracted", "email.queued"]));

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
    const answer = await checkout(quote.id, checkoutBody(visitor.nif, { plan: "completo", frequency: "trimestral", payment: SEPA }), visitor.token);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const policy = answer.body as unknown as Policy;
    expect(policy).toMatchObject({ line: "hogar", status: "en_vigor", frequency: "trimestral", payment: { method: "sepa" } });
    expect(policy.payment!.label).toMatch(/^ES91 .*1332$/);
    expect(policy.payment!.label).not.toContain("0418");
    expect(policy.recibos.map((r) => r.dueDate)).toEqual(["2026-03-10", "2026-06-10", "2026-09-10", "2026-12-10"]);
    // Hogar allows desistimiento: 14 days from the day of contracting.
    expect(policy.withdrawal).toEqual({ allowed: true, until: "2026-03-24" });
  });

  it("reparte la prima en recibos que suman el total para cada forma de pago", async () => {
    const visitor = await registerVisitor();
    const counts: Record<string, number> = { anual: 1, semestral: 2, trimestral: 4, mensual: 12 };
    for (const frequency of Object.keys(counts)) {
      const quote = await createQuote("alquiler", ALQUILER, visitor.token);
      const answer = await checkout(quote.id, checkoutBody(visitor.nif, { plan: "meses_12", frequency }), visitor.token);
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
    await database.db.update(quotes).set({ validUntil: new Date(START.getTime() - 1000) }).where(eq(quotes.id, quote.id));
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
    const body = checkoutBody(visitor.nif, { plan: "meses_6" });
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
    const body = checkoutBody(visitor.nif, { plan: "basico", frequency: "semestral" });
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
    const emails = await database.db.select({ id: outboxEmails.id }).from(outboxEmails).where(sql`${outboxEmails.subject} like ${`%${answers[0]!.body.number}%`}`);
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
    expect((await checkout(quote.id, checkoutBody(first.nif, { plan: "meses_6" }), first.token)).status).toBe(201);
    const second = await registerVisitor();
    const other = await createQuote("alquiler", ALQUILER, second.token);
    const answer = await checkout(other.id, checkoutBody(first.nif, { plan: "meses_6" }), second.token);
    expect(answer.status).toBe(409);
    expect(answer.body.fieldErrors?.nif).toHaveLength(1);
  });

  it("contrata una cotización hecha sin sesión con su token y la pasa a la cuenta", async () => {
    const visitor = await registerVisitor();
    const anonymous = await createQuote("alquiler", ALQUILER);
    const answer = await checkout(anonymous.id, checkoutBody(visitor.nif, { plan: "meses_12" }), visitor.token, anonymous.ownerToken);
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

describe("/me/policies y documentos", () => {
  let owner: Awaited<ReturnType<typeof registerVisitor>>;
  let stranger: Awaited<ReturnType<typeof registerVisitor>>;
  let policy: Policy;
  let quote: Quote;

  beforeAll(async () => {
    owner = await registerVisitor();
    stranger = await registerVisitor();
    quote = await createQuote("hogar", HOGAR, owner.token);
    const answer = await checkout(quote.id, checkoutBody(owner.nif, { plan: "premium", frequency: "trimestral" }), owner.token);
    expect(answer.status).toBe(201);
    policy = answer.body as unknown as Policy;
  });

  it("lista las pólizas del visitante como resúmenes y muestra una entera; la de otra persona da 404", async () => {
    const list = await call("GET", "/me/policies", { token: owner.token });
    expect(list.status).toBe(200);
    // A summary: no guarantees, no recibo list, no documents; the next recibo still to be charged.
    expect(list.body).toEqual({
      items: [
        {
          id: policy.id,
          number: policy.number,
          line: "hogar",
          lineName: "Seguro de hogar",
          status: policy.status,
          plan: { code: "premium", name: policy.plan.name },
          startDate: policy.startDate,
          endDate: policy.endDate,
          frequency: "trimestral",
          premiumTotal: policy.premium.total,
          createdAt: expect.any(String),
          nextRecibo: { sequence: 2, dueDate: policy.recibos[1]!.dueDate, amount: policy.recibos[1]!.amount },
        },
      ],
      total: 1,
      page: 1,
      pageSize: 20,
    });
    const one = await call("GET", `/me/policies/${policy.id}`, { token: owner.token });
    expect(one.status).toBe(200);
    expect(one.body).toEqual(policy);

    expect((await call("GET", "/me/policies", { token: stranger.token })).body).toEqual({ items: [], total: 0, page: 1, pageSize: 20 });
    for (const path of [`/me/policies/${policy.id}`, "/me/policies/999999", "/me/policies/abc"]) {
      const answer = await call("GET", path, { token: stranger.token });
      expect(answer.status, path).toBe(404);
      expect(answer.body).toEqual(NOT_FOUND_POLICY);
    }
    expect((await call("GET", "/me/policies")).status).toBe(401);
  });

  it("pagina las pólizas de la más reciente a la más antigua y rechaza una página no válida", async () => {
    const visitor = await registerVisitor();
    const numbers: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const q = await createQuote("auto", AUTO, visitor.token);
      const answer = await checkout(q.id, checkoutBody(visitor.nif), visitor.token);
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      numbers.unshift((answer.body as unknown as Policy).number);
    }
    const page1 = await call("GET", "/me/policies?page=1&pageSize=2", { token: visitor.token });
    expect(page1.status).toBe(200);
    expect(page1.body).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect((page1.body.items as Policy[]).map((p) => p.number)).toEqual(numbers.slice(0, 2));
    const page2 = await call("GET", "/me/policies?page=2&pageSize=2", { token: visitor.token });
    expect((page2.body.items as Policy[]).map((p) => p.number)).toEqual(numbers.slice(2));
    // Paid once a year and already charged: nothing pending.
    expect((page2.body.items as Array<{ nextRecibo: unknown }>)[0]!.nextRecibo).toBeNull();
    expect((await call("GET", "/me/policies?page=3&pageSize=2", { token: visitor.token })).body).toEqual({
      items: [],
      total: 3,
      page: 3,
      pageSize: 2,
    });

    for (const query of ["page=0", "page=abc", "pageSize=101", "pageSize=0"]) {
      const answer = await call("GET", `/me/policies?${query}`, { token: visitor.token });
      expect(answer.status, query).toBe(400);
      expect(answer.body.error, query).toEqual(expect.any(String));
    }
  });

  it("descarga las condiciones particulares, cada recibo, la cotización y el IPID en PDF", async () => {
    const expectPdf = async (path: string, filename: string, opts: { token?: string; owner?: string } = {}) => {
      const file = await download(path, opts);
      expect(file.status, path).toBe(200);
      expect(file.headers.get("content-type")).toBe("application/pdf");
      expect(file.headers.get("content-disposition")).toBe(`attachment; filename="${filename}"`);
      expect(file.bytes.subarray(0, 5).toString()).toBe("%PDF-");
      expect(file.bytes.length).toBeGreaterThan(1500);
    };
    await expectPdf(`/me/policies/${policy.id}/documents/conditions`, `condiciones-particulares-${policy.number}.pdf`, { token: owner.token });
    for (const recibo of policy.recibos) {
      await expectPdf(recibo.documentUrl, `recibo-${policy.number}-${recibo.sequence}.pdf`, { token: owner.token });
    }
    await expectPdf(`/quotes/${quote.id}/document`, `cotizacion-${quote.id.slice(0, 8)}.pdf`, { token: owner.token });
    for (const line of ["auto", "hogar", "alquiler"]) await expectPdf(`/documents/ipid/${line}`, `ipid-${line}.pdf`);

    const anonymous = await createQuote("auto", AUTO);
    await expectPdf(`/quotes/${anonymous.id}/document`, `cotizacion-${anonymous.id.slice(0, 8)}.pdf`, { owner: anonymous.ownerToken });
  });

  it("da 404 a los documentos de otra persona y a los que no existen", async () => {
    for (const [path, token] of [
      [`/me/policies/${policy.id}/documents/conditions`, stranger.token],
      [`/me/policies/${policy.id}/recibos/1/document`, stranger.token],
      [`/me/policies/${policy.id}/recibos/99/document`, owner.token],
      [`/me/policies/${policy.id}/recibos/x/document`, owner.token],
      [`/quotes/${quote.id}/document`, stranger.token],
      [`/quotes/${quote.id}/document`, undefined],
      ["/documents/ipid/vida", undefined],
    ] as const) {
      const file = await download(path, { token });
      expect(file.status, path).toBe(404);
      expect(file.headers.get("content-type")).toContain("application/json");
    }
  });
});
