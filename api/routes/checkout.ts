// Pricing one choice of a quote (plan + optional guarantees + frequency) and checking it out.
// The quote's stored offer is binding: nothing is re-rated against newer tariffs.
import { z } from "@hono/zod-openapi";
import { userRoute, optionalUserRoute } from "./user-endpoints";
import type { ApiApp } from "../env";
import { currentUser } from "../auth";
import { clientIp } from "../request";
import { checkoutFieldErrors, CheckoutBodySchema, PriceChoiceAnswerSchema, PriceChoiceBodySchema } from "../contract/checkout";
import { PolicySchema } from "../contract/policies";
import { ApiProblem, ErrorSchema, jsonContent } from "../http";
import { errorResponses } from "../openapi-responses";
import { limitAddress } from "../limits";
import { checkoutQuote } from "../services/checkout";
import { findOwnedQuote } from "../services/checkout-quote";
import { policyAnswer } from "../answers/policy";
import { priceAnswer } from "../answers/price";

const TAG = "Contratación";

/** A bearer token is optional; when sent it must be valid. */
const quoteIdParam = z.object({
  id: z.string().openapi({ param: { name: "id", in: "path" }, description: "Identificador (UUID) de la cotización" }),
});
const ownerHeader = z.object({
  "x-quote-owner": z.string().optional().openapi({
    description: "El token que devolvió POST /quotes para una cotización hecha sin sesión y aún no reclamada",
  }),
});

const priceRoute = optionalUserRoute(
  {
    method: "post",
    path: "/quotes/{id}/price",
    operationId: "priceQuote",
    tags: [TAG],
    summary: "Precio de un plan con garantías opcionales y forma de pago",
    description:
      "Calcula, sobre la oferta guardada en la cotización (vinculante mientras está vigente), el precio del plan con las garantías opcionales elegidas: price para la forma de pago pedida y prices para las cuatro. Los recibos vencen desde la fecha de efecto (startDate: de mañana a 60 días después de hoy; sin ella, mañana), y la respuesta dice qué fechas de efecto se pueden elegir (startDates). Quien no puede ver la cotización (como en GET /quotes/{id}) recibe 404; una cotización caducada o descartada, 409.",
    request: { params: quoteIdParam, headers: ownerHeader, body: { required: true, content: jsonContent(PriceChoiceBodySchema) } },
    responses: {
      200: { description: "El precio", content: jsonContent(PriceChoiceAnswerSchema) },
      ...errorResponses(409),
    },
  },
  // A read with a body (the plan and guarantees chosen): the account read of /checkout's GET serves it.
  { readsOnly: true },
);

const checkoutRoute = userRoute({
  method: "post",
  path: "/quotes/{id}/checkout",
  operationId: "checkoutQuote",
  tags: [TAG],
  summary: "Contratar una cotización",
  description: [
    "Crea en una sola operación el cliente (tomador), la póliza (en vigor desde la fecha de efecto elegida, startDate: de mañana a 60 días después de hoy; sin ella, mañana), sus recibos, el cobro del primer recibo, los consentimientos (con fecha e IP), el correo de confirmación con los documentos y deja la cotización como contratada.",
    "Coche: matrícula (registration) obligatoria. Hogar y alquiler: dirección de la vivienda (riskAddress) obligatoria, con el código postal de la cotización. La cotización debe ser del visitante con sesión (o, si aún no la ha reclamado, llevar su token en X-Quote-Owner); si no, 404. Caducada, descartada o ya contratada: 409.",
    "idempotencyKey: la misma contratación enviada varias veces (doble clic, reintento) crea una sola póliza y un solo cobro; las repeticiones responden 200 con la misma póliza.",
    "Pago rechazado: 402 y no se crea nada. Los errores de campo usan el nombre del campo del formulario (nif, cardNumber, iban, terms…), sin el grupo.",
    "Una misma dirección puede intentar 20 contrataciones en 10 minutos (después, una cada 30 segundos): si no, 429 con Retry-After.",
  ].join(" "),
  request: { params: quoteIdParam, headers: ownerHeader, body: { required: true, content: jsonContent(CheckoutBodySchema) } },
  responses: {
    201: { description: "Póliza creada", content: jsonContent(PolicySchema) },
    200: { description: "La póliza ya creada con esta idempotencyKey (no se vuelve a cobrar)", content: jsonContent(PolicySchema) },
    ...errorResponses(409, 429),
    402: { description: "Pago rechazado: no se ha creado nada", content: jsonContent(ErrorSchema) },
  },
});

export function registerCheckoutRoutes(api: ApiApp) {
  api.openapi(priceRoute, async (c) => {
    const body = c.req.valid("json");
    const { db, now } = c.var.deps;
    const at = now();
    const quote = await findOwnedQuote(
      db,
      c.req.valid("param").id,
      { userId: c.var.user?.id, ownerToken: c.req.valid("header")["x-quote-owner"] },
      at,
    );
    return c.json(await priceAnswer(db, quote, body, at), 200);
  });

  api.openapi(
    checkoutRoute,
    async (c) => {
      await limitAddress(c, "checkout");
      const { db, now, payments, logger, publicBaseUrl, documents } = c.var.deps;
      const { created, policy } = await checkoutQuote(
        { db, payments, logger, publicBaseUrl, clock: now, documents },
        {
          quoteId: c.req.valid("param").id,
          buyer: { kind: "visitor", user: currentUser(c), ownerToken: c.req.valid("header")["x-quote-owner"] },
          body: c.req.valid("json"),
          ip: clientIp(c),
          now: now(),
        },
      );
      return c.json(policyAnswer(policy), created ? 201 : 200);
    },
    (result) => {
      if (!result.success) throw new ApiProblem(400, "Datos no válidos", checkoutFieldErrors(result.error));
      return undefined;
    },
  );
}
