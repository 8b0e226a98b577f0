// The SEPA mandate PDF (ADR 029): the policy's owner downloads it from Mi póliza, with the full
// IBAN (it is their own); staff with documents:read from the policy page. 404 for a card policy,
// for someone else's policy, or for one that does not exist. Stored once per mandate reference (ADR 036).
import { pdfContent, storedDocumentResponse } from "../answers/pdf";
import { currentUser } from "../auth";
import { IdParamSchema } from "../contract/ids";
import type { ApiApp } from "../env";
import { okResponse } from "../http";
import { issueSource, mandateSource } from "../services/issued-documents";
import { adminRoute } from "./admin-endpoints";
import { staffDocumentActor } from "./document-actors";
import { policyIdParam, POLICIES_TAG, requireOwnPolicy, userRoute } from "./user-endpoints";

const myMandateRoute = userRoute({
  method: "get",
  path: "/me/policies/{id}/documents/mandate",
  operationId: "getMyPolicyMandateDocument",
  tags: [POLICIES_TAG],
  summary: "Descargar la orden de domiciliación SEPA de una póliza propia",
  description:
    "La orden vigente: acreedor, deudor, IBAN completo, referencia, fecha de firma y tipo (recurrente). 404 si la póliza no es del visitante o no se paga por domiciliación.",
  request: { params: policyIdParam },
  responses: okResponse("PDF de la orden de domiciliación", pdfContent),
});

const adminMandateRoute = adminRoute({
  method: "get",
  path: "/admin/policies/{id}/documents/mandate",
  operationId: "getAdminPolicyMandateDocument",
  tags: ["Administración: remesas SEPA"],
  summary: "Descarga la orden de domiciliación SEPA vigente de la póliza en PDF",
  description: "El mismo documento que el tomador descarga desde Mi póliza. 404 si la póliza no se paga por domiciliación.",
  request: { params: IdParamSchema },
  responses: okResponse("PDF de la orden de domiciliación", pdfContent),
});

export function registerMandateRoutes(api: ApiApp) {
  api.openapi(myMandateRoute, async (c) => {
    const { db } = c.var.deps;
    const user = currentUser(c);
    const policy = await requireOwnPolicy(db, user.id, c.req.valid("param").id);
    const source = await mandateSource(db, policy.id);
    return storedDocumentResponse(c, () => issueSource(c.var.deps, source, { type: "user", id: user.id, label: user.email }));
  });
  api.openapi(adminMandateRoute, async (c) => {
    const source = await mandateSource(c.var.deps.db, c.req.valid("param").id);
    return storedDocumentResponse(c, () => issueSource(c.var.deps, source, staffDocumentActor(c)));
  });
}
