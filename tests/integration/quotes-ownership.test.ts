// Who may read a quote, over real HTTP against a fresh database: the owner token of a quote made
// without a session (404 for anyone else), a signed-in visitor's own quotes and list, and claiming
// anonymous quotes into the account. The server runs on a clock the tests move.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, quotes } from "../../api/db/schema";
import { ALQUILER, AUTO, HOGAR } from "../support/quote-inputs";
import {
  call,
  createdQuote,
  database,
  NOT_FOUND,
  type QuoteBody,
  readQuote,
  registerVisitor,
  setUpQuotesApi,
  sha256,
  START,
} from "../support/quotes-api";

let clock = START;
setUpQuotesApi(() => clock);

describe("una cotización sin sesión", () => {
  it("devuelve una vez el token del propietario y guarda solo su hash", async () => {
    const quote = await createdQuote("hogar", HOGAR);
    expect(quote.ownerToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await database.db.select({ sessionId: quotes.sessionId }).from(quotes).where(eq(quotes.id, quote.id));
    expect(row!.sessionId).toBe(sha256(quote.ownerToken!));

    const read = await readQuote(quote.id, { owner: quote.ownerToken });
    expect(read.status).toBe(200);
    const { ownerToken: _token, ...withoutToken } = quote;
    expect(read.body).toEqual(withoutToken);
    expect(read.body).not.toHaveProperty("ownerToken");
  });

  it("responde el mismo 404 a quien no es su propietario y a un id que no existe", async () => {
    const quote = await createdQuote("auto", AUTO);
    const other = await createdQuote("auto", AUTO);
    const stranger = await registerVisitor();
    const answers = [
      await readQuote(quote.id),
      await readQuote(quote.id, { owner: "token-inventado" }),
      await readQuote(quote.id, { owner: other.ownerToken }),
      await readQuote(quote.id, { token: stranger }),
      await readQuote("00000000-0000-4000-8000-000000000000", { owner: quote.ownerToken }),
      await readQuote("no-es-un-uuid", { owner: quote.ownerToken }),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual(NOT_FOUND);
    }
  });
});

describe("las cotizaciones de un visitante con sesión", () => {
  it("son suyas, sin token de propietario, y solo él las ve y las lista", async () => {
    const ana = await registerVisitor();
    const luis = await registerVisitor();

    clock = new Date(START.getTime() + 60_000);
    const first = await createdQuote("auto", AUTO, ana);
    clock = new Date(START.getTime() + 120_000);
    const second = await createdQuote("alquiler", ALQUILER, ana);
    const luisQuote = await createdQuote("hogar", HOGAR, luis);
    clock = START;

    expect(first.ownerToken).toBeUndefined();
    const [row] = await database.db.select({ userId: quotes.userId, sessionId: quotes.sessionId }).from(quotes).where(eq(quotes.id, first.id));
    expect(row!.userId).toEqual(expect.any(Number));
    expect(row!.sessionId).toBeNull();

    expect((await readQuote(first.id, { token: ana })).status).toBe(200);
    expect(await readQuote(first.id, { token: luis })).toEqual({ status: 404, body: NOT_FOUND });
    expect(await readQuote(first.id)).toEqual({ status: 404, body: NOT_FOUND });

    const list = await call("GET", "/me/quotes", { token: ana });
    expect(list.status).toBe(200);
    const bestPrice = (q: QuoteBody) => Math.min(...q.plans.map((p) => p.prices.anual!.total));
    expect(list.body).toEqual({
      items: [
        {
          id: second.id,
          line: "alquiler",
          status: "cotizada",
          validUntil: second.validUntil,
          createdAt: second.createdAt,
          bestPrice: bestPrice(second),
          risk: `Vivienda alquilada en ${ALQUILER.postalCode}`,
          contracted: null,
        },
        {
          id: first.id,
          line: "auto",
          status: "cotizada",
          validUntil: first.validUntil,
          createdAt: first.createdAt,
          bestPrice: bestPrice(first),
          risk: "Vehículo Seat León",
          contracted: null,
        },
      ],
      total: 2,
      totalCapped: false,
      page: 1,
      pageSize: 20,
      sort: "createdAt",
      dir: "desc",
    });

    // The stored best price orders the list too, cheapest first.
    const byPrice = await call("GET", "/me/quotes?sort=bestPrice&dir=asc", { token: ana });
    const prices = (byPrice.body.items as { bestPrice: number }[]).map((q) => q.bestPrice);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));

    const page2 = await call("GET", "/me/quotes?page=2&pageSize=1", { token: ana });
    expect(page2.body).toMatchObject({ total: 2, page: 2, pageSize: 1, items: [{ id: first.id }] });

    const luisList = await call("GET", "/me/quotes", { token: luis });
    expect((luisList.body.items as { id: string }[]).map((q) => q.id)).toEqual([luisQuote.id]);
  });

  it("exigen sesión para /me/quotes y validan la paginación", async () => {
    expect((await call("GET", "/me/quotes")).status).toBe(401);
    const token = await registerVisitor();
    const bad = await call("GET", "/me/quotes?pageSize=1000", { token });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors?.pageSize).toBeDefined();
  });
});

describe("POST /me/quotes/claim", () => {
  it("pasa a la cuenta las cotizaciones sin dueño y no deja reclamarlas otra vez", async () => {
    const anonymous = await createdQuote("hogar", HOGAR);
    const another = await createdQuote("auto", AUTO);
    const marta = await registerVisitor();
    const pablo = await registerVisitor();

    const claim = await call("POST", "/me/quotes/claim", {
      token: marta,
      body: { ownerTokens: [anonymous.ownerToken, anonymous.ownerToken, "desconocido"] },
    });
    expect(claim).toEqual({ status: 200, body: { claimed: 1 } });

    const list = await call("GET", "/me/quotes", { token: marta });
    expect((list.body.items as { id: string }[]).map((q) => q.id)).toEqual([anonymous.id]);
    expect((await readQuote(anonymous.id, { token: marta })).status).toBe(200);
    // The owner token no longer opens it: the quote is the account's now.
    expect(await readQuote(anonymous.id, { owner: anonymous.ownerToken })).toEqual({ status: 404, body: NOT_FOUND });

    const stolen = await call("POST", "/me/quotes/claim", {
      token: pablo,
      body: { ownerTokens: [anonymous.ownerToken, another.ownerToken] },
    });
    expect(stolen).toEqual({ status: 200, body: { claimed: 1 } });
    expect(await readQuote(anonymous.id, { token: pablo })).toEqual({ status: 404, body: NOT_FOUND });
    expect((await readQuote(another.id, { token: pablo })).status).toBe(200);

    const audit = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "quote.claimed"), eq(auditLog.entityId, anonymous.id)));
    expect(audit).toHaveLength(1);
  });

  it("exige sesión y como máximo 50 tokens", async () => {
    expect((await call("POST", "/me/quotes/claim", { body: { ownerTokens: [] } })).status).toBe(401);
    const token = await registerVisitor();
    const tooMany = await call("POST", "/me/quotes/claim", { token, body: { ownerTokens: Array.from({ length: 51 }, (_, i) => `t${i}`) } });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.fieldErrors?.ownerTokens).toEqual(["Como máximo 50 cotizaciones a la vez"]);
    expect(await call("POST", "/me/quotes/claim", { token, body: { ownerTokens: [] } })).toEqual({ status: 200, body: { claimed: 0 } });
  });
});
