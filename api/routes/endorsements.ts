// Suplementos: the public catalogue of guarantees, what a customer may add to one of
// their policies in force with its pro rata price, adding it (one transaction, idempotent; the
// service api/services/endorsements.ts) and reading a suplemento back. Another customer's policy
// or suplemento answers 404, as one that does not exist.
import { emailDestination } from "../services/mail";
import { z } from "@hono/zod-openapi";
import { publicRoute, userRoute } from "./user-endpoints";
import type { ApiApp } from "../env";
import { currentUser } from "../auth";
import { clientIp } from "../request";
import { checkoutFieldErrors } from "../contract/checkout";
import {
  ENDORSEMENT_NOT_FOUND_MESSAGE,
  EndorsementBodySchema,
  EndorsementSchema,
  GuaranteeCatalogueSchema,
  GuaranteeOptionsQuerySchema,
  GuaranteeOptionsSchema,
} from "../contract/endorsements";
import { ApiProblem, jsonContent } from "../http";
import { errorResponses } from "../openapi-responses";
import { createEndorsement } from "../services/endorsements";
import { endorsementAnswer, findOwnEndorsement } from "../services/endorsement-answer";
import { guaranteeCatalogue, guaranteeOptions } from "../services/endorsement-pricing";
import { policyIdParam, POLICIES_TAG, requireOwnPolicy } from "./user-endpoints";

const catalogueRoute = publicRoute({
  method: "get",
  path: "/public/guarantees",
  operationId: "listGuarantees",
  tags: ["Público"],
  summary: "Garantías de cada ramo y en qué planes están incluidas u opcionales",
  description:
    "Solo las garantías activas, con su descripción, límite, franquicia y precio como opcional (fijo al año o porcentaje de la prima de riesgo).",
  responses: { 200: { description: "Catálogo de garantías por ramo", content: jsonContent(GuaranteeCatalogueSchema) } },
});

const optionsRoute = userRoute({
  method: "get",
  path: "/me/policies/{id}/guarantee-options",
  operationId: "listMyPolicyGuaranteeOptions",
  tags: [POLICIES_TAG],
  summary: "Garantías que se pueden añadir a una póliza propia, con su precio a prorrata",
  description: [
    "Las garantías activas que el plan de la póliza ofrece como opcionales y que aún no tiene, cada una con su precio anual y lo que cuesta por los días que quedan de la anualidad desde la fecha de efecto (effectiveDate: de mañana al día antes del vencimiento; sin ella, la primera posible), con el desglose: prima neta, recargo por fraccionamiento, Consorcio, CLEA e IPS.",
    "Con ?guarantees=a,b responde también el precio de esas garantías juntas (selection); una que no se puede añadir da 409 con el motivo. Una fecha fuera de plazo da 400 con el motivo.",
    "Una póliza que no está en vigor responde possible=false con el motivo (refusal). La póliza de otra persona responde 404.",
  ].join(" "),
  request: { params: policyIdParam, query: GuaranteeOptionsQuerySchema },
  responses: { 200: { description: "Lo que se puede añadir hoy", content: jsonContent(GuaranteeOptionsSchema) }, ...errorResponses(409) },
});

const createRouteDef = userRoute({
  method: "post",
  path: "/me/policies/{id}/endorsements",
  operationId: "createMyPolicyEndorsement",
  tags: [POLICIES_TAG],
  summary: "Añadir garantías a una póliza propia (suplemento)",
  description: [
    "En una sola operación: el suplemento, su recibo (la diferencia a prorrata de los días que quedan, un solo recibo sea cual sea la forma de pago), el cobro con tarjeta (payment.method=card) o el recibo domiciliado en la cuenta de la póliza (payment.method=mandate, solo si paga por SEPA; se carga en la fecha de efecto), las garantías de la póliza, su historial y el correo de confirmación. Las condiciones particulares pasan a una nueva versión; las anteriores siguen disponibles.",
    "idempotencyKey: el mismo envío repetido responde 200 con el mismo suplemento y no cobra otra vez.",
    "Una garantía ya incluida o contratada, inactiva o que el plan no ofrece, o una póliza que no está en vigor: 409 con el motivo. Fecha de efecto fuera de plazo: 400. Tarjeta rechazada: 402 y no se crea nada. La póliza de otra persona: 404.",
  ].join(" "),
  request: { params: policyIdParam, body: { required: true, content: jsonContent(EndorsementBodySchema) } },
  responses: {
    201: { description: "Suplemento hecho", content: jsonContent(EndorsementSchema) },
    200: { description: "El suplemento ya hecho con esta idempotencyKey (no se vuelve a cobrar)", content: jsonContent(EndorsementSchema) },
    ...errorResponses(402, 409),
  },
});

const endorsementIdParam = z.object({
  id: z.string().openapi({ param: { name: "id", in: "path" }, description: "Identificador numérico del suplemento" }),
});

const readRoute = userRoute({
  method: "get",
  path: "/me/endorsements/{id}",
  operationId: "getMyEndorsement",
  tags: [POLICIES_TAG],
  summary: "Ver un suplemento propio",
  description:
    "Qué se añadió, desde cuándo, lo cobrado o por cobrar, y los enlaces a su recibo y a la versión de las condiciones particulares que creó. El de otra persona responde 404.",
  request: { params: endorsementIdParam },
  responses: { 200: { description: "El suplemento", content: jsonContent(EndorsementSchema) } },
});

function parseId(value: string): number {
  if (!/^[1-9]\d{0,9}$/.test(value) || Number(value) > 2_147_483_647) throw new ApiProblem(404, ENDORSEMENT_NOT_FOUND_MESSAGE);
  return Number(value);
}

export function registerEndorsementRoutes(api: ApiApp) {
  api.openapi(catalogueRoute, async (c) => {
    const { db, now, catalogue } = c.var.deps;
    const at = now();
    return c.json(await guaranteeCatalogue(db, (line) => catalogue.ratingTables(line, at)), 200);
  });

  api.openapi(optionsRoute, async (c) => {
    const { db, now } = c.var.deps;
    const view = await requireOwnPolicy(db, currentUser(c).id, c.req.valid("param").id);
    const query = c.req.valid("query");
    const codes = query.guarantees
      ? query.guarantees
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean)
      : undefined;
    return c.json(await guaranteeOptions(db, view, { effectiveDate: query.effectiveDate, guarantees: codes }, now()), 200);
  });

  api.openapi(
    createRouteDef,
    async (c) => {
      const { db, now, payments, logger, publicBaseUrl, documents } = c.var.deps;
      const user = currentUser(c);
      const view = await requireOwnPolicy(db, user.id, c.req.valid("param").id);
      const { created, endorsementId } = await createEndorsement(
        { db, payments, logger, publicBaseUrl, documents },
        {
          view,
          body: c.req.valid("json"),
          actor: { actorType: "user", actorId: user.id, actorLabel: user.email, ip: clientIp(c) },
          channel: "web",
          now: now(),
        },
      );
      const fresh = await requireOwnPolicy(db, user.id, String(view.id));
      const row = await findOwnEndorsement(db, user.id, endorsementId);
      return c.json(
        await endorsementAnswer(db, fresh, row, emailDestination(c.var.deps.mailDelivery, fresh.policyholder.email, user.email)),
        created ? 201 : 200,
      );
    },
    (result) => {
      if (!result.success) throw new ApiProblem(400, "Datos no válidos", checkoutFieldErrors(result.error));
      return undefined;
    },
  );

  api.openapi(readRoute, async (c) => {
    const { db } = c.var.deps;
    const user = currentUser(c);
    const row = await findOwnEndorsement(db, user.id, parseId(c.req.valid("param").id));
    const view = await requireOwnPolicy(db, user.id, String(row.policyId));
    return c.json(
      await endorsementAnswer(db, view, row, emailDestination(c.var.deps.mailDelivery, view.policyholder.email, currentUser(c).email)),
      200,
    );
  });
}
