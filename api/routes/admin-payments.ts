// /admin/payments (ADR 028): every recibo of the portfolio (list, CSV), one recibo with its history,
// and the bulk card retry on a filtered selection (its preview, then the run). Reading needs
// payments:read, the retry payments:write (api/routes/admin-endpoints.ts).
import { z } from "zod";
import {
  AdminPaymentExportQuerySchema,
  AdminPaymentFiltersSchema,
  AdminPaymentListQuerySchema,
  AdminPaymentListSchema,
  AdminPaymentSchema,
  CardRetryBodySchema,
  CardRetryPreviewSchema,
  CardRetryResultSchema,
  type AdminPayment,
  type AdminPaymentRow,
} from "../contract/admin-payments";
import { formatIsoDate } from "../contract/format";
import { IdParamSchema } from "../contract/ids";
import { LINE_LABELS, PAYMENT_METHOD_LABELS, RECIBO_KIND_LABELS, RECIBO_STATUS_LABELS } from "../contract/vocabulary";
import { csvAttachment, csvMoney, csvStream } from "../csv";
import { adminActor } from "../db/audit";
import { adminPaymentExportBatches, listAdminPayments, paymentRowById, toPaymentRow } from "../db/admin-payments.repo";
import { reciboHistory } from "../db/payment-history.repo";
import type { Database } from "../db/client";
import type { ApiApp } from "../env";
import { ApiProblem, jsonContent } from "../http";
import { errorResponses } from "../openapi-responses";
import { RECIBO_NOT_FOUND_MESSAGE } from "../services/lifecycle";
import { previewCardRetry, runCardRetry } from "../services/card-retry";
import { adminRoute } from "./admin-endpoints";

const TAGS = ["Administración: pagos"];

const listRoute = adminRoute({
  method: "get",
  path: "/admin/payments/recibos",
  operationId: "listAdminPaymentRecibos",
  tags: TAGS,
  summary: "Todos los recibos de la cartera, con filtros, orden y paginación",
  description:
    "Filtros: status, method, line, dueFrom/dueTo (vencimiento), amountMin/amountMax (céntimos), remittance (remesa). Orden por dueDate, amount, status o policyNumber.",
  request: { query: AdminPaymentListQuerySchema },
  responses: { 200: { description: "Página de recibos", content: jsonContent(AdminPaymentListSchema) } },
});

const exportRoute = adminRoute({
  method: "get",
  path: "/admin/payments/recibos/export",
  operationId: "exportAdminPaymentRecibos",
  tags: TAGS,
  summary: "Exporta en CSV los recibos que cumplen los filtros, en el orden pedido",
  description: "Mismos filtros y orden que /admin/payments/recibos, todas las filas. UTF-8 con BOM, separado por punto y coma.",
  request: { query: AdminPaymentExportQuerySchema },
  responses: { 200: { description: "Fichero CSV", content: { "text/csv": { schema: z.string() } } } },
});

const getRoute = adminRoute({
  method: "get",
  path: "/admin/payments/recibos/{id}",
  operationId: "getAdminPaymentRecibo",
  tags: TAGS,
  summary: "Un recibo con su póliza, su tomador y su historial (intentos, cobros, devoluciones, extornos, remesas y eventos)",
  request: { params: IdParamSchema },
  responses: { 200: { description: "El recibo", content: jsonContent(AdminPaymentSchema) } },
});

const previewRoute = adminRoute({
  method: "get",
  path: "/admin/payments/card-retry",
  operationId: "previewCardRetry",
  tags: TAGS,
  summary: "Cuántos recibos con tarjeta de la selección se cobrarían ahora y por qué total",
  description:
    "Los recibos que cumplen los filtros de la lista, de pólizas con tarjeta en vigor o suspendidas: pendientes ya vencidos, y devueltos (ya se cobraron una vez). `asOf` se envía al ejecutar.",
  request: { query: AdminPaymentFiltersSchema },
  responses: { 200: { description: "La selección", content: jsonContent(CardRetryPreviewSchema) } },
});

const runRoute = adminRoute({
  method: "post",
  path: "/admin/payments/card-retry",
  operationId: "runCardRetry",
  tags: TAGS,
  summary: "Reintenta el cobro con tarjeta de la selección confirmada",
  description:
    "Recalcula la selección (sin los recibos intentados desde `asOf`); si el número o el total no coinciden con lo confirmado responde 409 sin cobrar nada (también al repetir el envío). Cada recibo se cobra como «Cobrar» en la póliza, con su auditoría.",
  request: { body: { required: true, content: jsonContent(CardRetryBodySchema) } },
  responses: {
    200: { description: "Cuántos se cobraron, cuántos se rechazaron", content: jsonContent(CardRetryResultSchema) },
    ...errorResponses(409),
  },
});

export const ADMIN_PAYMENT_CSV_HEADER = [
  "Recibo",
  "Póliza",
  "Tomador",
  "Ramo",
  "Tipo",
  "Periodo desde",
  "Periodo hasta",
  "Vencimiento",
  "Importe (€)",
  "Medio de pago",
  "Estado",
  "Intentos",
  "Último error",
  "Remesa",
] as const;
const csvRow = (r: AdminPaymentRow) => [
  r.number,
  r.policy.number,
  r.holder.name,
  LINE_LABELS[r.line],
  RECIBO_KIND_LABELS[r.kind],
  formatIsoDate(r.period.from),
  formatIsoDate(r.period.to),
  formatIsoDate(r.dueDate),
  csvMoney(r.amountCents),
  r.method ? PAYMENT_METHOD_LABELS[r.method] : "",
  RECIBO_STATUS_LABELS[r.status],
  String(r.attempts),
  r.lastError ?? "",
  r.remittanceId === null ? "" : String(r.remittanceId),
];

async function paymentAnswer(db: Database, id: number): Promise<AdminPayment> {
  const row = await paymentRowById(db, id);
  if (!row) throw new ApiProblem(404, RECIBO_NOT_FOUND_MESSAGE);
  const history = await reciboHistory(db, { id: row.id, policyId: row.policyId, sequence: row.sequence });
  const isoOrNull = (value: string | null) => (value === null ? null : new Date(value).toISOString());
  return {
    recibo: {
      ...toPaymentRow(row),
      paidAt: isoOrNull(row.paidAt),
      paidReference: row.paidReference,
      returnCode: row.returnCode,
      returnFeeCents: Number(row.returnFeeCents),
      lastAttemptAt: isoOrNull(row.lastAttemptAt),
      term: Number(row.term),
    },
    policy: { id: row.policyId, number: row.policyNumber, status: row.policyStatus, startDate: row.startDate, endDate: row.endDate },
    holder: { id: row.holderId, name: row.holderName, nif: row.nif, email: row.email },
    history,
  };
}

export function registerAdminPaymentRoutes(api: ApiApp) {
  api.openapi(listRoute, async (c) => c.json(await listAdminPayments(c.var.deps.readDb, c.req.valid("query")), 200));

  api.openapi(exportRoute, async (c) => {
    const batches = adminPaymentExportBatches(c.var.deps.readDb, c.req.valid("query"));
    return csvAttachment(c, "recibos", csvStream({ header: ADMIN_PAYMENT_CSV_HEADER, batches, row: csvRow }));
  });

  api.openapi(getRoute, async (c) => c.json(await paymentAnswer(c.var.deps.db, c.req.valid("param").id), 200));

  api.openapi(previewRoute, async (c) => c.json(await previewCardRetry(c.var.deps, c.req.valid("query"), c.var.deps.now()), 200));

  api.openapi(runRoute, async (c) => c.json(await runCardRetry(c.var.deps, c.req.valid("json"), adminActor(c), c.var.deps.now), 200));
}
