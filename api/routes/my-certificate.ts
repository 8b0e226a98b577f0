// The customer's certificate of insurance from Mi póliza (ADR 037): their own policy only (anyone
// else's is the same 404 as a policy that does not exist); refused with the reason (409) unless the
// policy is in force with its due recibos paid.
import { pdfContent, pdfResponse } from "../answers/pdf";
import { withStore } from "../answers/stored-file";
import { currentUser } from "../auth";
import type { ApiApp } from "../env";
import { errorResponses } from "../openapi-responses";
import { issueCertificate } from "../services/certificate";
import { policyIdParam, requireOwnPolicy, userRoute } from "./user-endpoints";

const certificateRoute = userRoute({
  method: "get",
  path: "/me/policies/{id}/documents/certificate",
  operationId: "getMyPolicyCertificate",
  tags: ["Documentos"],
  summary: "Descargar el certificado de seguro de una póliza propia",
  description:
    "Un PDF de una página para la ITV, una empresa de alquiler o una agencia: tomador, objeto asegurado, aseguradora, cobertura, fechas y que la prima está pagada. Solo con la póliza en vigor y los recibos vencidos cobrados (si no, 409 con el motivo). 404 para una póliza de otra persona.",
  request: { params: policyIdParam },
  responses: { 200: { description: "PDF del certificado", content: pdfContent }, ...errorResponses(409) },
});

export function registerMyCertificateRoutes(api: ApiApp) {
  api.openapi(certificateRoute, async (c) => {
    const { deps } = c.var;
    const user = currentUser(c);
    const policy = await requireOwnPolicy(deps.db, user.id, c.req.valid("param").id);
    const { row, content } = await withStore(deps, () => issueCertificate(deps, policy, { type: "user", id: user.id, label: user.email }));
    return pdfResponse(c, { filename: row.filename, content });
  });
}
