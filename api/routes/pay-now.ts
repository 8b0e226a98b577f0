// "Pagar ahora" (ADR 031): the customer pays a returned or due recibo of their own policy by card
// (api/services/pay-now.ts), and downloads the justificante de pago of a collected recibo; staff
// download the same justificante with payments:read. Another customer's policy answers 404.
import { z } from "@hono/zod-openapi";
import type { ApiApp } from "../env";
import { currentUser } from "../auth";
import { clientIp } from "../request";
import { checkoutFieldErrors } from "../contract/checkout";
import { IdParamSchema } from "../contract/ids";
import { POLICY_NOT_FOUND_MESSAGE, RECIBO_NOT_FOUND_MESSAGE } from "../contract/policies";
import { PaidReciboSchema, PayReciboBodySchema } from "../contract/pay-now";
import { loadPolicyViews, type PolicyView } from "../db/policies.repo";
import { ApiProblem, jsonContent, okResponse } from "../http";
import { errorResponses } from "../openapi-responses";
import { pdfContent, storedDocumentResponse } from "../answers/pdf";
import { payReciboNow } from "../services/pay-now";
import { issueSource, receiptSource } from "../services/issued-documents";
import { adminRoute } from "./admin-endpoints";
import { staffDocumentActor } from "./document-actors";
import { policyIdParam, POLICIES_TAG, requireOwnPolicy, userRoute } from "./user-endpoints";

const sequenceParam = policyIdParam.extend({
  sequence: z.string().openapi({ param: { name: "sequence", in: "path" }, description: "Número de recibo en la póliza (1, 2…)" }),
});

/** The recibo number of a path, or 404 (never a 400 for a probe). */
function parseSequence(value: string): number {
  if (!/^[1-9]\d{0,2}$/.test(value)) throw new ApiProblem(404, RECIBO_NOT_FOUND_MESSAGE);
  return Number(value);
}

const payRoute = userRoute({
  method: "post",
  path: "/me/policies/{id}/recibos/{sequence}/pay",
  operationId: "payMyRecibo",
  tags: [POLICIES_TAG],
  summary: "Pagar ahora un recibo de una póliza propia con tarjeta",
  description: [
    "Un recibo devuelto, o pendiente cuyo vencimiento ya ha llegado, de una póliza en vigor, suspendida o pendiente de pago, se paga con tarjeta: el importe más los gastos de devolución si los hay.",
    "El recibo queda cobrado, termina el recordatorio de pago y, si la póliza estaba suspendida por impago y no le queda otro recibo vencido, se rehabilita y la cobertura se reanuda 24 horas después del pago (art. 15 LCS). La tarjeta no se guarda: los recibos siguientes se cobran como hasta ahora.",
    "idempotencyKey: el mismo envío repetido responde 200 con el mismo pago y no cobra otra vez. Tarjeta rechazada: 402 y no se cobra nada. Un recibo que no se puede pagar (ya cobrado, anulado, aún no vencido, póliza anulada o vencida): 409 con el motivo. La póliza de otra persona: 404.",
  ].join(" "),
  request: { params: sequenceParam, body: { required: true, content: jsonContent(PayReciboBodySchema) } },
  responses: {
    200: { description: "Recibo pagado, con el enlace a su justificante", content: jsonContent(PaidReciboSchema) },
    ...errorResponses(402, 409),
  },
});

const receiptRoute = userRoute({
  method: "get",
  path: "/me/policies/{id}/recibos/{sequence}/receipt",
  operationId: "getMyReciboReceipt",
  tags: ["Documentos"],
  summary: "Descargar el justificante de pago de un recibo cobrado de una póliza propia",
  description:
    "Distribuidor, aseguradora, póliza, tomador, recibo y periodo, importe pagado (y gastos de devolución), fecha y hora del pago, medio de pago enmascarado y referencia del cobro. Un recibo que no está cobrado, o la póliza de otra persona: 404.",
  request: { params: sequenceParam },
  responses: okResponse("PDF del justificante de pago", pdfContent),
});

const adminReceiptRoute = adminRoute({
  method: "get",
  path: "/admin/policies/{id}/documents/recibos/{sequence}/receipt",
  operationId: "getAdminReciboReceipt",
  tags: ["Administración: pólizas"],
  summary: "Descarga el justificante de pago de un recibo cobrado",
  description:
    "El mismo justificante guardado que el tomador descarga desde Mi póliza (requiere documents:read). Un recibo que no está cobrado: 404.",
  request: { params: IdParamSchema.extend({ sequence: z.string().describe("Número de recibo en la póliza (1, 2…)") }) },
  responses: { 200: { description: "PDF del justificante de pago", content: pdfContent } },
});

function requireRecibo(view: PolicyView, sequence: string): number {
  const number = parseSequence(sequence);
  if (!view.recibos.some((r) => r.sequence === number)) throw new ApiProblem(404, RECIBO_NOT_FOUND_MESSAGE);
  return number;
}

export function registerPayNowRoutes(api: ApiApp) {
  api.openapi(
    payRoute,
    async (c) => {
      const { db, now, payments, logger, publicBaseUrl } = c.var.deps;
      const user = currentUser(c);
      const { id, sequence } = c.req.valid("param");
      const view = await requireOwnPolicy(db, user.id, id);
      const paid = await payReciboNow(
        { db, payments, logger, publicBaseUrl },
        {
          policyId: view.id,
          sequence: requireRecibo(view, sequence),
          body: c.req.valid("json"),
          actor: { actorType: "user", actorId: user.id, actorLabel: user.email, ip: clientIp(c) },
          now: now(),
        },
      );
      return c.json(paid, 200);
    },
    (result) => {
      if (!result.success) throw new ApiProblem(400, "Datos no válidos", checkoutFieldErrors(result.error));
      return undefined;
    },
  );

  api.openapi(receiptRoute, async (c) => {
    const { db } = c.var.deps;
    const { id, sequence } = c.req.valid("param");
    const user = currentUser(c);
    const view = await requireOwnPolicy(db, user.id, id);
    const source = await receiptSource(db, view, requireRecibo(view, sequence));
    return storedDocumentResponse(c, () => issueSource(c.var.deps, source, { type: "user", id: user.id, label: user.email }));
  });

  api.openapi(adminReceiptRoute, async (c) => {
    const { db } = c.var.deps;
    const { id, sequence } = c.req.valid("param");
    const [view] = await loadPolicyViews(db, { id });
    if (!view) throw new ApiProblem(404, POLICY_NOT_FOUND_MESSAGE);
    const source = await receiptSource(db, view, requireRecibo(view, sequence));
    return storedDocumentResponse(c, () => issueSource(c.var.deps, source, staffDocumentActor(c)));
  });
}
