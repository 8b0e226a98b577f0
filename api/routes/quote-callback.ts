// "Quiero que me llamen" on /results (issue 23, ADR 041): whoever may read the quote asks to be
// called about it; the sales pipeline gets a lead llamada_solicitada and the visitor an e-mail.
import { z } from "@hono/zod-openapi";
import { CallbackAnswerSchema, CallbackBodySchema } from "../contract/pipeline-leads";
import { isUuid } from "../contract/ids";
import { findQuote } from "../db/quotes.repo";
import type { ApiApp } from "../env";
import { ApiProblem, inputFieldErrors, jsonContent } from "../http";
import { limitAddress } from "../limits";
import { errorResponses } from "../openapi-responses";
import { requestCallback } from "../services/pipeline-leads";
import { INVALID_DATA } from "../services/quotes";
import { actorOf, mayRead, notFound, ownerHeaderSchema } from "./quotes";
import { optionalUserRoute } from "./user-endpoints";

const callbackRoute = optionalUserRoute({
  method: "post",
  path: "/quotes/{id}/callback",
  operationId: "requestQuoteCallback",
  tags: ["Cotizaciones"],
  summary: "Pedir que nos llamen para hablar de una cotización",
  description:
    "Nombre, teléfono español, franja (manana, mediodia, tarde) y el consentimiento marcado (consent: true). Mismo acceso que GET /quotes/{id} (404 para cualquier otra persona). Crea una oportunidad en el embudo comercial (o se une a la abierta de la misma persona) y, con sesión, envía al visitante la confirmación por correo. Una misma dirección puede pedir 10 llamadas por hora.",
  request: {
    params: z.object({ id: z.string().openapi({ param: { name: "id", in: "path" }, description: "Identificador (UUID) de la cotización" }) }),
    headers: ownerHeaderSchema,
    body: { required: true, content: jsonContent(CallbackBodySchema) },
  },
  responses: { 201: { description: "Petición registrada", content: jsonContent(CallbackAnswerSchema) }, ...errorResponses(429) },
});

export function registerQuoteCallbackRoutes(api: ApiApp) {
  api.openapi(
    callbackRoute,
    async (c) => {
      const { id } = c.req.valid("param");
      if (!isUuid(id)) throw notFound();
      const { db, now } = c.var.deps;
      const at = now();
      const quote = await findQuote(db, id.toLowerCase(), at);
      if (!quote || !mayRead(quote, c.var.user, c.req.valid("header")["x-quote-owner"])) throw notFound();
      await limitAddress(c, "callback");
      const body = c.req.valid("json");
      const user = c.var.user;
      await db.transaction(async (tx) => {
        await requestCallback(
          tx,
          {
            quoteId: quote.id,
            line: quote.line,
            name: body.name,
            phone: body.phone,
            slot: body.slot,
            email: user?.email ?? null,
          },
          actorOf(user, c),
          at,
        );
      });
      return c.json({ slot: body.slot }, 201);
    },
    (result) => {
      if (!result.success) throw new ApiProblem(400, INVALID_DATA, inputFieldErrors(result.error));
      return undefined;
    },
  );
}
