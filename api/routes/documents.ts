// PDF downloads: a quote (its owner, as GET /quotes/{id}), a line's IPID (public), a policy's
// particular conditions and each recibo (the policy's owner). Anyone else gets the same 404 as for
// a document that does not exist. Staff download the same policy PDFs through
// /admin/policies/{id}/documents/… (admin-policies.ts, with documents:read).
// Every document but the public IPID is served from the document store (ADR 036): issued on its
// first request, the same bytes afterwards. The public IPID is the catalogue of today, rendered.
import { z } from "@hono/zod-openapi";
import { optionalUserRoute, publicRoute, userRoute } from "./user-endpoints";
import type { ApiApp } from "../env";
import { currentUser } from "../auth";
import { RECIBO_NOT_FOUND_MESSAGE } from "../contract/policies";
import { LINES, type Line } from "../contract/vocabulary";
import { ApiProblem, okResponse } from "../http";
import { findOwnedQuote } from "../services/checkout-quote";
import { ipidDocument } from "../services/documents";
import { conditionsSource, issueSource, quoteSource, reciboSource } from "../services/issued-documents";
import { pdfContent, pdfResponse, storedDocumentResponse } from "../answers/pdf";
import { policyIdParam, requireOwnPolicy } from "./user-endpoints";
import { currentConditionsVersion } from "../domain/conditions-versions";

const TAG = "Documentos";

const quoteDocumentRoute = optionalUserRoute({
  method: "get",
  path: "/quotes/{id}/document",
  operationId: "getQuoteDocument",
  tags: [TAG],
  summary: "Descargar la cotización en PDF",
  description:
    "Los planes, sus precios por forma de pago y garantías. Mismo acceso que GET /quotes/{id}: el titular o el token X-Quote-Owner; para los demás, 404.",
  request: {
    params: z.object({ id: z.string().openapi({ param: { name: "id", in: "path" }, description: "Identificador (UUID) de la cotización" }) }),
    headers: z.object({ "x-quote-owner": z.string().optional().openapi({ description: "Token de una cotización hecha sin sesión" }) }),
  },
  responses: okResponse("PDF de la cotización", pdfContent),
});

const ipidRoute = publicRoute({
  method: "get",
  path: "/documents/ipid/{line}",
  operationId: "getIpidDocument",
  tags: [TAG],
  summary: "Documento de información del producto (IPID) de un ramo",
  description:
    "Público: qué cubre y qué no, restricciones, ámbito, obligaciones, pagos, duración y cómo rescindir, con los planes y garantías vigentes.",
  request: {
    params: z.object({ line: z.string().openapi({ param: { name: "line", in: "path" }, description: "auto, hogar o alquiler" }) }),
  },
  responses: okResponse("PDF del IPID", pdfContent),
});

const conditionsRoute = userRoute({
  method: "get",
  path: "/me/policies/{id}/documents/conditions",
  operationId: "getMyPolicyConditionsDocument",
  tags: [TAG],
  summary: "Descargar las condiciones particulares de una póliza propia",
  description:
    "Tomador, riesgo, plan, garantías, desglose de la prima, recibos, suplementos, distribuidor, desistimiento y reclamaciones. ?version=N da una versión anterior (la 1 es la póliza emitida; cada suplemento crea la siguiente); sin ella, la vigente. 404 para una póliza de otra persona o una versión que no existe.",
  request: {
    params: policyIdParam,
    query: z.object({ version: z.string().optional().openapi({ description: "Versión de las condiciones (1, 2…); sin ella, la vigente" }) }),
  },
  responses: okResponse("PDF de las condiciones particulares", pdfContent),
});

const reciboRoute = userRoute({
  method: "get",
  path: "/me/policies/{id}/recibos/{sequence}/document",
  operationId: "getMyReciboDocument",
  tags: [TAG],
  summary: "Descargar un recibo de una póliza propia",
  request: {
    params: policyIdParam.extend({
      sequence: z.string().openapi({ param: { name: "sequence", in: "path" }, description: "Número de recibo (1, 2…)" }),
    }),
  },
  responses: okResponse("PDF del recibo", pdfContent),
});

const isLine = (value: string): value is Line => (LINES as readonly string[]).includes(value);

export function registerDocumentRoutes(api: ApiApp) {
  api.openapi(quoteDocumentRoute, async (c) => {
    const { db, now } = c.var.deps;
    const quote = await findOwnedQuote(
      db,
      c.req.valid("param").id,
      { userId: c.var.user?.id, ownerToken: c.req.valid("header")["x-quote-owner"] },
      now(),
    );
    const user = c.var.user;
    const actor = user ? { type: "user" as const, id: user.id, label: user.email } : { type: "user" as const, label: "Visitante sin sesión" };
    return storedDocumentResponse(c, () => issueSource(c.var.deps, quoteSource(db, quote), actor));
  });

  api.openapi(ipidRoute, async (c) => {
    const { line } = c.req.valid("param");
    if (!isLine(line)) throw new ApiProblem(404, "Documento no encontrado");
    const { db, now } = c.var.deps;
    return pdfResponse(c, await ipidDocument(db, line, now()), "public");
  });

  api.openapi(conditionsRoute, async (c) => {
    const { db } = c.var.deps;
    const user = currentUser(c);
    const policy = await requireOwnPolicy(db, user.id, c.req.valid("param").id);
    const asked = c.req.valid("query").version;
    const version = asked === undefined ? currentConditionsVersion(policy) : /^[1-9]\d{0,3}$/.test(asked) ? Number(asked) : NaN;
    const source = await conditionsSource(db, policy, version);
    return storedDocumentResponse(c, () => issueSource(c.var.deps, source, { type: "user", id: user.id, label: user.email }));
  });

  api.openapi(reciboRoute, async (c) => {
    const { db } = c.var.deps;
    const { id, sequence } = c.req.valid("param");
    const user = currentUser(c);
    const policy = await requireOwnPolicy(db, user.id, id);
    const number = /^[1-9]\d{0,2}$/.test(sequence) ? Number(sequence) : NaN;
    const source = await reciboSource(db, policy, number);
    if (!source) throw new ApiProblem(404, RECIBO_NOT_FOUND_MESSAGE);
    return storedDocumentResponse(c, () => issueSource(c.var.deps, source, { type: "user", id: user.id, label: user.email }));
  });
}
