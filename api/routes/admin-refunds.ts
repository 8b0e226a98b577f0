// /admin/payments/refunds: the refunds owed to customers (extornos) and the transfer staff record
// for one paid outside the payment provider. The rules live in api/services/refunds.ts.
import type { ApiApp } from "../env";
import { IdParamSchema } from "../contract/ids";
import { pageOffset } from "../contract/list-query";
import { MarkRefundPaidBodySchema, RefundListQuerySchema, RefundListSchema, RefundSchema, type RefundItem } from "../contract/refunds";
import type { RefundCause } from "../contract/vocabulary";
import { adminActor } from "../db/audit";
import { listRefunds, readRefund, type RefundListRow } from "../db/refunds.repo";
import { jsonContent } from "../http";
import { errorResponses } from "../openapi-responses";
import { markRefundPaid } from "../services/refunds";
import { adminRoute } from "./admin-endpoints";

const TAGS = ["Administración: pagos"];

const listRoute = adminRoute({
  method: "get",
  path: "/admin/payments/refunds",
  operationId: "listRefunds",
  tags: TAGS,
  summary: "Extornos de un estado (por defecto, los pendientes de transferencia, del más antiguo al más reciente)",
  request: { query: RefundListQuerySchema },
  responses: { 200: { description: "Página de extornos", content: jsonContent(RefundListSchema) } },
});

const markPaidRoute = adminRoute({
  method: "post",
  path: "/admin/payments/refunds/{id}/mark-paid",
  operationId: "markRefundPaid",
  tags: TAGS,
  summary: "Registra la transferencia con la que se pagó un extorno pendiente",
  description: "409 si el extorno ya no está pendiente (hecho por la pasarela o ya registrado).",
  request: { params: IdParamSchema, body: { required: true, content: jsonContent(MarkRefundPaidBodySchema) } },
  responses: { 200: { description: "El extorno, hecho", content: jsonContent(RefundSchema) }, ...errorResponses(400, 404, 409) },
});

const answer = (r: RefundListRow): RefundItem => ({
  id: r.id,
  policyId: r.policyId,
  policyNumber: r.policyNumber,
  tomador: r.tomador,
  reciboSequence: r.reciboSequence,
  amountCents: r.amountCents,
  cause: r.cause as RefundCause,
  reason: r.reason,
  method: r.method,
  status: r.status as RefundItem["status"],
  providerRef: r.providerRef,
  createdAt: r.createdAt.toISOString(),
  doneAt: r.doneAt?.toISOString() ?? null,
  doneBy: r.doneByLabel,
});

export function registerAdminRefundRoutes(api: ApiApp) {
  api.openapi(listRoute, async (c) => {
    const query = c.req.valid("query");
    const { rows, total } = await listRefunds(c.var.deps.readDb, query.status, { offset: pageOffset(query), limit: query.pageSize });
    return c.json({ items: rows.map(answer), total, totalCapped: false, page: query.page, pageSize: query.pageSize }, 200);
  });

  api.openapi(markPaidRoute, async (c) => {
    const { id } = c.req.valid("param");
    const { reference } = c.req.valid("json");
    await markRefundPaid(c.var.deps.db, id, reference, adminActor(c), c.var.deps.now());
    return c.json(answer((await readRefund(c.var.deps.db, id))!), 200);
  });
}
