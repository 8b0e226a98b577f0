// Selling by phone (/admin/policies/new over the API): staff quote, price and issue a policy with
// the public site's rating engine and checkout service, in one idempotent transaction, with the
// consents recorded as given by phone by that staff member.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, clients, consents, outboxEmails, payments, policies, policyHistory, quotes, users } from "../../api/db/schema";
import { nifCheckLetter } from "../../api/domain/nif";
import { call, database, insertClient, json, PASSWORD, seededAdminId, setUpAdminApi, superToken, unique } from "../support/admin-api";
import { checkoutBody, DECLINED_CARD, SEPA } from "../support/checkout";
import { AUTO, HOGAR } from "../support/quote-inputs";

setUpAdminApi();

type Quote = { id: string; line: string; plans: Array<{ code: string; prices: Record<string, { total: number }> }> };
type Policy = {
  id: number;
  number: string;
  status: string;
  quoteId: string;
  plan: { code: string };
  policyholder: { name: string; nif: string; email: string | null };
};

let nifs = 0;
const nextNif = () => {
  const digits = String(72_000_000 + ++nifs);
  return `${digits}${nifCheckLetter(digits)}`;
};

const staffQuote = (line = "auto", inputs: unknown = AUTO) =>
  json<Quote>("post", "/admin/policies/quotes", { token: superToken, body: { line, inputs }, status: 201 });
const sell = (body: unknown) => call("post", "/admin/policies", { token: superToken, body });

describe("POST /admin/policies/quotes y su precio", () => {
  it("cotiza con la misma tarifa que la web y la cotización solo la ve el personal", async () => {
    const quote = await staffQuote();
    const web = await json<Quote>("post", "/quotes", { body: { line: "auto", inputs: AUTO }, status: 201 });
    // Same engine, same tariff: the same offer.
    expect(quote.plans.map((p) => [p.code, p.prices.anual!.total])).toEqual(web.plans.map((p) => [p.code, p.prices.anual!.total]));

    const [row] = await database.db
      .select({ madeBy: quotes.madeByAdminId, userId: quotes.userId, owner: quotes.sessionId })
      .from(quotes)
      .where(eq(quotes.id, quote.id));
    expect(row).toEqual({ madeBy: seededAdminId, userId: null, owner: null });

    expect((await call("get", `/admin/policies/quotes/${quote.id}`, { token: superToken })).status).toBe(200);
    // Not anyone's on the web…
    expect((await call("get", `/quotes/${quote.id}`)).status).toBe(404);
    // …and a visitor's quote is not staff's to sell.
    expect((await call("get", `/admin/policies/quotes/${web.id}`, { token: superToken })).status).toBe(404);
    expect((await sell({ quoteId: web.id, ...checkoutBody(nextNif()) })).status).toBe(404);
  });

  it("un riesgo que no cumple el contrato responde 400 con el campo", async () => {
    const response = await call("post", "/admin/policies/quotes", {
      token: superToken,
      body: { line: "auto", inputs: { ...AUTO, postalCode: "99999" } },
    });
    expect(response.status).toBe(400);
    expect(Object.keys(((await response.json()) as { fieldErrors: object }).fieldErrors)).toEqual(["postalCode"]);
  });

  it("da el precio de un plan con extras y forma de pago", async () => {
    const quote = await staffQuote();
    const answer = await json<{ plan: string; price: { total: number; recibos: unknown[] } }>("post", `/admin/policies/quotes/${quote.id}/price`, {
      token: superToken,
      body: { plan: "terceros", optionalGuarantees: [], frequency: "trimestral" },
      status: 200,
    });
    expect(answer.plan).toBe("terceros");
    expect(answer.price.recibos).toHaveLength(4);
  });
});

describe("POST /admin/policies: emitir una póliza por teléfono", () => {
  it("crea cliente, póliza, cobro, consentimientos telefónicos con el empleado, historial, auditoría y el correo", async () => {
    const quote = await staffQuote();
    const nif = nextNif();
    const email = `${unique("telefono")}@example.com`;
    const body = {
      quoteId: quote.id,
      email: email.toUpperCase(),
      ...checkoutBody(nif, { consents: { terms: true, privacy: true, ipid: true, marketing: true } }),
    };
    const response = await sell(body);
    expect(response.status, await response.clone().text()).toBe(201);
    const policy = (await response.json()) as Policy;
    expect(policy).toMatchObject({ status: "en_vigor", quoteId: quote.id, plan: { code: "terceros" }, policyholder: { nif, email } });

    const db = database.db;
    const [row] = await db
      .select({ channel: policies.channel, userId: policies.userId, clientId: policies.clientId })
      .from(policies)
      .where(eq(policies.id, policy.id));
    expect(row).toMatchObject({ channel: "telefono", userId: null });
    const [client] = await db.select().from(clients).where(eq(clients.id, row!.clientId));
    expect(client).toMatchObject({ nif, email, userId: null, stage: "alta" });

    const given = await db.select().from(consents).where(eq(consents.clientId, client!.id));
    expect(given.map((c) => [c.purpose, c.granted, c.channel, c.recordedByAdminId, c.ip]).sort()).toEqual(
      [
        ["ipid", true, "telefono", seededAdminId, null],
        ["marketing", true, "telefono", seededAdminId, null],
        ["privacy", true, "telefono", seededAdminId, null],
        ["terms", true, "telefono", seededAdminId, null],
      ].sort(),
    );

    const history = await db.select().from(policyHistory).where(eq(policyHistory.policyId, policy.id));
    expect(history.find((h) => h.event === "emitida")).toMatchObject({
      actorType: "admin",
      actorId: String(seededAdminId),
      summary: expect.stringContaining("por teléfono"),
    });
    const created = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "policy.created"), eq(auditLog.entityId, String(policy.id))));
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ actorType: "admin", actorId: String(seededAdminId), after: expect.objectContaining({ channel: "telefono" }) });

    const mail = await db.select().from(outboxEmails).where(eq(outboxEmails.to, email));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toContain(policy.number);
    // No account: the e-mail does not send them to a Mi póliza they cannot open.
    expect(mail[0]!.body).not.toContain("Mi póliza");
    expect(mail[0]!.body).toContain("Si necesita otra copia");
    const [quoteRow] = await db.select({ status: quotes.status }).from(quotes).where(eq(quotes.id, quote.id));
    expect(quoteRow!.status).toBe("contratada");
  });

  it("la misma emisión enviada dos veces crea una póliza y un cobro", async () => {
    const quote = await staffQuote();
    const body = { quoteId: quote.id, ...checkoutBody(nextNif()) };
    const [first, second] = await Promise.all([sell(body), sell(body)]);
    expect([first.status, second.status].sort()).toEqual([200, 201]);
    const a = (await first.json()) as Policy;
    const b = (await second.json()) as Policy;
    expect(a.id).toBe(b.id);
    expect(await database.db.select().from(payments).where(eq(payments.policyId, a.id))).toHaveLength(1);
    // Sold once: a new key for the same quote is refused.
    const again = await sell({ ...body, idempotencyKey: crypto.randomUUID() });
    expect(again.status).toBe(409);
  });

  it("un cliente con cuenta la conserva: la póliza aparece en su Mi póliza", async () => {
    const visitorEmail = `${unique("con-cuenta")}@example.com`;
    const { token } = await json<{ token: string }>("post", "/auth/register", {
      body: { name: "Ana Cliente", email: visitorEmail, password: PASSWORD },
      status: 201,
    });
    const [user] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, visitorEmail));
    const nif = nextNif();
    await insertClient({ nif, userId: user!.id, email: visitorEmail, name: "Ana Cliente" });

    const quote = await staffQuote("hogar", HOGAR);
    const response = await sell({ quoteId: quote.id, ...checkoutBody(nif, { plan: "basico", payment: SEPA }, "hogar") });
    expect(response.status, await response.clone().text()).toBe(201);
    const policy = (await response.json()) as Policy;
    // No e-mail given: the client's own.
    expect(policy.policyholder.email).toBe(visitorEmail);

    const [mail] = await database.db.select().from(outboxEmails).where(eq(outboxEmails.to, visitorEmail));
    expect(mail!.body).toContain("desde Mi póliza");

    const mine = await json<{ items: Array<{ id: number }> }>("get", "/me/policies", { token, status: 200 });
    expect(mine.items.map((p) => p.id)).toContain(policy.id);
    const [client] = await database.db.select({ userId: clients.userId }).from(clients).where(eq(clients.nif, nif));
    expect(client!.userId).toBe(user!.id);
  });

  it("sin correo del cliente no se envía nada y la póliza se emite igual", async () => {
    const quote = await staffQuote();
    const before = (await database.db.select().from(outboxEmails)).length;
    const response = await sell({ quoteId: quote.id, ...checkoutBody(nextNif()) });
    expect(response.status).toBe(201);
    expect((await database.db.select().from(outboxEmails)).length).toBe(before);
  });

  it("un pago rechazado responde 402 y no crea nada", async () => {
    const quote = await staffQuote();
    const nif = nextNif();
    const response = await sell({ quoteId: quote.id, ...checkoutBody(nif, { payment: DECLINED_CARD }) });
    expect(response.status).toBe(402);
    expect(await database.db.select().from(clients).where(eq(clients.nif, nif))).toHaveLength(0);
    const [quoteRow] = await database.db.select({ status: quotes.status }).from(quotes).where(eq(quotes.id, quote.id));
    expect(quoteRow!.status).toBe("cotizada");
  });

  it("los errores de campo llevan el nombre del campo del formulario, también el correo", async () => {
    const quote = await staffQuote();
    const response = await sell({
      quoteId: quote.id,
      email: "no-es-un-correo",
      ...checkoutBody("12345678A", { consents: { terms: false, privacy: true, ipid: true, marketing: false } }),
    });
    expect(response.status).toBe(400);
    const { fieldErrors } = (await response.json()) as { fieldErrors: Record<string, string[]> };
    expect(fieldErrors.email).toEqual(["Introduzca un correo electrónico válido"]);
    expect(fieldErrors.nif).toBeDefined();
    expect(fieldErrors.terms).toEqual(["Debe aceptar las condiciones de contratación"]);
  });
});
