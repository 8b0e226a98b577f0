// Quotes: pricing a risk (public, with or without an account), reading one quote (its owner
// only), the visitor's list, and claiming anonymous quotes at sign-in. Whoever may not see a
// quote gets the same 404 as for an id that does not exist, so ids cannot be probed.
import { z } from "@hono/zod-openapi";
import { userRoute, optionalUserRoute } from "./user-endpoints";
import { quoteAnswer } from "../answers/quote";
import type { ApiApp } from "../env";
import { currentUser } from "../auth";
import { clientIp } from "../request";
import { isUuid } from "../contract/ids";
import {
  ClaimQuotesAnswerSchema,
  ClaimQuotesBodySchema,
  CreatedQuoteSchema,
  CreateQuoteBodySchema,
  QUOTE_NOT_FOUND_MESSAGE,
  QuoteListQuerySchema,
  QuoteListSchema,
  QuoteSchema,
  type CreatedQuote,
} from "../contract/quotes";
import { claimQuotes, findQuote, generateOwnerToken, hashOwnerToken, listUserQuotes, type StoredQuote } from "../db/quotes.repo";
import { createQuote, INVALID_DATA } from "../services/quotes";
import { riskTitle } from "../domain/product-info";
import { ApiProblem, ErrorSchema, inputFieldErrors, jsonContent, okResponse } from "../http";
import { errorResponses } from "../openapi-responses";
import { limitAddress } from "../limits";
import type { UserPrincipal } from "../principal";

const TAG = "Cotizaciones";

/** POST /quotes works without an account; a bearer token, when sent, must be valid and makes the quote the visitor's. */
export const notFound = () => new ApiProblem(404, QUOTE_NOT_FOUND_MESSAGE);

export const ownerHeaderSchema = z.object({
  "x-quote-owner": z.string().optional().openapi({
    description: "El token que devolvió POST /quotes para una cotización hecha sin sesión",
  }),
});

const createQuoteRoute = optionalUserRoute({
  method: "post",
  path: "/quotes",
  operationId: "createQuote",
  tags: [TAG],
  summary: "Cotizar un seguro de coche, hogar o impago de alquiler",
  description:
    "Calcula el precio de cada plan del ramo para cada forma de pago y guarda la cotización, válida durante los días del ajuste quote_validity_days (15). Sin sesión, la respuesta incluye ownerToken, el secreto que prueba que la cotización es de quien la hizo (una sola vez); con el token de un visitante, la cotización es suya. Un alquiler cuya renta supera el 40 % de los ingresos del inquilino responde 422 y no se guarda nada. Los errores de campo usan el nombre del dato (postalCode, no inputs.postalCode). Sin sesión, una misma dirección puede crear 60 cotizaciones en 10 minutos (después, una cada 10 segundos): si no, 429 con Retry-After.",
  request: { body: { required: true, content: jsonContent(CreateQuoteBodySchema) } },
  responses: {
    201: { description: "Cotización creada", content: jsonContent(CreatedQuoteSchema) },
    ...errorResponses(429),
    422: { description: "Riesgo no asegurable: se explica el motivo", content: jsonContent(ErrorSchema) },
  },
});

const getQuoteRoute = optionalUserRoute({
  method: "get",
  path: "/quotes/{id}",
  operationId: "getQuote",
  tags: [TAG],
  summary: "Ver una cotización propia",
  description:
    "La ve el visitante al que pertenece (token de sesión) o, si se hizo sin sesión y nadie la ha reclamado, quien envía su token en la cabecera X-Quote-Owner. Para cualquier otra persona responde 404, igual que si no existiera. Una cotización vigente cuya fecha de validez ha pasado se muestra como caducada.",
  request: {
    params: z.object({
      id: z.string().openapi({ param: { name: "id", in: "path" }, description: "Identificador (UUID) de la cotización" }),
    }),
    headers: ownerHeaderSchema,
  },
  responses: okResponse("La cotización", jsonContent(QuoteSchema)),
});

const listMyQuotesRoute = userRoute({
  method: "get",
  path: "/me/quotes",
  operationId: "listMyQuotes",
  tags: [TAG],
  summary: "Mis cotizaciones",
  description: "Las cotizaciones del visitante con sesión, de la más reciente a la más antigua, con el mejor precio anual de cada una.",
  request: { query: QuoteListQuerySchema },
  responses: okResponse("Página de cotizaciones", jsonContent(QuoteListSchema)),
});

const claimQuotesRoute = userRoute({
  method: "post",
  path: "/me/quotes/claim",
  operationId: "claimQuotes",
  tags: [TAG],
  summary: "Pasar a mi cuenta las cotizaciones hechas sin sesión",
  description:
    "Recibe los ownerToken de las cotizaciones hechas sin sesión en este navegador (como máximo 50). Las que aún no pertenecen a ninguna cuenta pasan a la del visitante; las demás se ignoran. La web lo llama al iniciar sesión y al registrarse.",
  request: { body: { required: true, content: jsonContent(ClaimQuotesBodySchema) } },
  responses: okResponse("Número de cotizaciones reclamadas", jsonContent(ClaimQuotesAnswerSchema)),
});

export function mayRead(quote: StoredQuote, user: UserPrincipal | undefined, ownerToken: string | undefined): boolean {
  if (quote.userId !== null) return user?.id === quote.userId;
  // An owner token is 43 characters; anything far longer is not one (and is not worth hashing).
  return !!ownerToken && ownerToken.length <= 200 && quote.ownerTokenHash === hashOwnerToken(ownerToken);
}

export function actorOf(user: UserPrincipal | undefined, c: Parameters<typeof clientIp>[0]) {
  return user
    ? { actorType: "user" as const, actorId: user.id, actorLabel: user.email, ip: clientIp(c) }
    : { actorType: "anonymous" as const, actorLabel: null, ip: clientIp(c) };
}

export function registerQuoteRoutes(api: ApiApp) {
  api.openapi(
    createQuoteRoute,
    async (c) => {
      const body = c.req.valid("json");
      const user = c.var.user;
      if (!user) await limitAddress(c, "anonymousQuote");
      const ownerToken = user ? undefined : generateOwnerToken();
      const owner = { userId: user?.id ?? null, ownerTokenHash: ownerToken ? hashOwnerToken(ownerToken) : null };
      const quote = await createQuote(c.var.deps, body, owner, actorOf(user, c), c.var.deps.now());
      const answer: CreatedQuote = { ...quoteAnswer(quote), ...(ownerToken ? { ownerToken } : {}) };
      return c.json(answer, 201);
    },
    (result) => {
      if (!result.success) throw new ApiProblem(400, INVALID_DATA, inputFieldErrors(result.error));
      return undefined;
    },
  );

  api.openapi(getQuoteRoute, async (c) => {
    const { id } = c.req.valid("param");
    if (!isUuid(id)) throw notFound();
    const { db, now } = c.var.deps;
    const quote = await findQuote(db, id.toLowerCase(), now());
    if (!quote || !mayRead(quote, c.var.user, c.req.valid("header")["x-quote-owner"])) throw notFound();
    return c.json(quoteAnswer(quote), 200);
  });

  api.openapi(listMyQuotesRoute, async (c) => {
    const { db, now } = c.var.deps;
    const list = await listUserQuotes(db, currentUser(c).id, c.req.valid("query"), now());
    return c.json(
      {
        ...list,
        items: list.items.map(({ inputs, ...item }) => ({
          ...item,
          risk: riskTitle(item.line, inputs),
          validUntil: item.validUntil.toISOString(),
          createdAt: item.createdAt.toISOString(),
        })),
      },
      200,
    );
  });

  api.openapi(claimQuotesRoute, async (c) => {
    const { ownerTokens } = c.req.valid("json");
    const user = currentUser(c);
    const hashes = [...new Set(ownerTokens)].map(hashOwnerToken);
    const claimed = await claimQuotes(c.var.deps.db, user.id, hashes, actorOf(user, c), c.var.deps.now());
    return c.json({ claimed }, 200);
  });
}
