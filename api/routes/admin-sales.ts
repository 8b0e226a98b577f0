// /admin/policies/quotes and POST /admin/policies: selling by phone (ADR 013). Staff price a quote
// for a client, choose a plan, and issue the policy with the same checkout as a visitor's.
import { CreateQuoteBodySchema, QuoteSchema } from "../contract/quotes";
import { checkoutFieldErrors, PriceChoiceAnswerSchema, PriceChoiceBodySchema } from "../contract/checkout";
import { StaffCheckoutBodySchema } from "../contract/admin-policies";
import { PolicySchema } from "../contract/policies";
import { z } from "zod";
import type { ApiApp } from "../env";
import { currentAdmin } from "../auth";
import { clientIp } from "../request";
import { checkoutQuote } from "../services/checkout";
import { findStaffQuote } from "../services/checkout-quote";
import { createQuote, INVALID_DATA } from "../services/quotes";
import { priceAnswer } from "../answers/price";
import { quoteAnswer } from "../answers/quote";
import { policyAnswer } from "../answers/policy";
import { adminActor } from "../db/audit";
import { ApiProblem, ErrorSchema, inputFieldErrors, jsonContent } from "../http";
import { errorResponses } from "../openapi-responses";
import { adminRoute } from "./admin-endpoints";

const TAGS = ["Administración: pólizas"];

const quoteIdParam = z.object({ id: z.string().describe("Identificador (UUID) de la cotización") });

const staffQuoteRoute = adminRoute({
  method: "post",
  path: "/admin/policies/quotes",
  operationId: "createAdminQuote",
  tags: TAGS,
  summary: "Cotiza por teléfono para un cliente",
  description:
    "El mismo cálculo que POST /quotes (misma tarifa, misma oferta vinculante mientras está vigente), hecho por un empleado: la cotización no es de ninguna cuenta y la puede contratar cualquier empleado con policies:write. Un riesgo no asegurable responde 422.",
  request: { body: { required: true, content: jsonContent(CreateQuoteBodySchema) } },
  responses: {
    201: { description: "Cotización creada", content: jsonContent(QuoteSchema) },
    422: { description: "Riesgo no asegurable: se explica el motivo", content: jsonContent(ErrorSchema) },
  },
});

const staffQuoteGetRoute = adminRoute({
  method: "get",
  path: "/admin/policies/quotes/{id}",
  operationId: "getAdminQuote",
  tags: TAGS,
  summary: "Una cotización hecha por teléfono",
  description: "Solo las hechas con POST /admin/policies/quotes; cualquier otra responde 404, como una que no existe.",
  request: { params: quoteIdParam },
  responses: { 200: { description: "La cotización", content: jsonContent(QuoteSchema) } },
});

const staffPriceRoute = adminRoute({
  method: "post",
  path: "/admin/policies/quotes/{id}/price",
  operationId: "priceAdminQuote",
  tags: TAGS,
  summary: "Precio de un plan con garantías opcionales y forma de pago, de una cotización hecha por teléfono",
  description: "Como POST /quotes/{id}/price.",
  request: { params: quoteIdParam, body: { required: true, content: jsonContent(PriceChoiceBodySchema) } },
  responses: { 200: { description: "El precio", content: jsonContent(PriceChoiceAnswerSchema) }, ...errorResponses(409) },
});

const staffCheckoutRoute = adminRoute({
  method: "post",
  path: "/admin/policies",
  operationId: "createAdminPolicy",
  tags: TAGS,
  summary: "Emite una póliza para un cliente por teléfono",
  description: [
    "La misma contratación que POST /quotes/{id}/checkout, en una transacción: el cliente (por su NIF/NIE: se crea o se actualiza, y conserva su cuenta de visitante si la tiene), la póliza, sus recibos, el cobro del primer recibo, los consentimientos y el correo con los documentos (a email o al correo del cliente; sin ninguno, no se envía).",
    "Los consentimientos se guardan como dados por teléfono, con el empleado que los registra. idempotencyKey: la misma emisión enviada varias veces crea una sola póliza y un solo cobro. Pago rechazado: 402 y no se crea nada.",
  ].join(" "),
  request: { body: { required: true, content: jsonContent(StaffCheckoutBodySchema) } },
  responses: {
    201: { description: "Póliza emitida", content: jsonContent(PolicySchema) },
    200: { description: "La póliza ya emitida con esta idempotencyKey (no se vuelve a cobrar)", content: jsonContent(PolicySchema) },
    ...errorResponses(404, 409),
    402: { description: "Pago rechazado: no se ha creado nada", content: jsonContent(ErrorSchema) },
  },
});

export function registerAdminSaleRoutes(api: ApiApp) {
  api.openapi(
    staffQuoteRoute,
    async (c) => {
      const admin = currentAdmin(c);
      const quote = await createQuote(
        c.var.deps,
        c.req.valid("json"),
        { userId: null, ownerTokenHash: null, madeByAdminId: admin.id },
        adminActor(c),
        c.var.deps.now(),
      );
      return c.json(quoteAnswer(quote), 201);
    },
    (result) => {
      if (!result.success) throw new ApiProblem(400, INVALID_DATA, inputFieldErrors(result.error));
      return undefined;
    },
  );
  api.openapi(staffQuoteGetRoute, async (c) =>
    c.json(quoteAnswer(await findStaffQuote(c.var.deps.db, c.req.valid("param").id, c.var.deps.now())), 200),
  );
  api.openapi(staffPriceRoute, async (c) => {
    const { db, now } = c.var.deps;
    const at = now();
    const quote = await findStaffQuote(db, c.req.valid("param").id, at);
    return c.json(await priceAnswer(db, quote, c.req.valid("json"), at), 200);
  });
  api.openapi(
    staffCheckoutRoute,
    async (c) => {
      const { db, now, payments, logger, publicBaseUrl, documents } = c.var.deps;
      const { quoteId, email, ...body } = c.req.valid("json");
      const { created, policy } = await checkoutQuote(
        { db, payments, logger, publicBaseUrl, clock: now, documents },
        { quoteId, buyer: { kind: "staff", admin: currentAdmin(c), email }, body, ip: clientIp(c), now: now() },
      );
      return c.json(policyAnswer(policy), created ? 201 : 200);
    },
    (result) => {
      if (!result.success) throw new ApiProblem(400, INVALID_DATA, checkoutFieldErrors(result.error));
      return undefined;
    },
  );
}
