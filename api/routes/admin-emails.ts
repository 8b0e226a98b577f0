// /admin/emails (ADR 039): the outbox — every queued e-mail (list, CSV), one message with its
// delivery facts, its stored HTML part, a resend (a copy queued as a new message) and the cancel of
// a pending one. Reading needs email:read, resending and cancelling email:write
// (api/routes/admin-endpoints.ts). Both writes are audited.
import { z } from "zod";
import {
  AdminEmailExportQuerySchema,
  AdminEmailListQuerySchema,
  AdminEmailListSchema,
  AdminEmailSchema,
  EMAIL_PREVIEW_CSP,
  FRAMED_PREVIEW_HEADER,
  type AdminEmail,
  type AdminEmailRow,
} from "../contract/emails";
import { formatDateTime } from "../contract/format";
import { IdParamSchema } from "../contract/ids";
import { EMAIL_STATUS_LABELS, EMAIL_TEMPLATE_LABELS } from "../contract/vocabulary";
import { csvAttachment, csvStream } from "../csv";
import { adminActor, writeAudit } from "../db/audit";
import {
  adminEmailById,
  adminEmailExportBatches,
  cancelPendingEmail,
  emailResends,
  listAdminEmails,
  lockEmail,
  queueResend,
} from "../db/admin-emails.repo";
import { readDistributor } from "../db/catalogue.repo";
import type { Database } from "../db/client";
import type { ApiApp } from "../env";
import { ApiProblem, jsonContent } from "../http";
import { errorResponses } from "../openapi-responses";
import { isPending } from "../services/attachments";
import { outboxMessageId } from "../services/mail";
import { adminRoute } from "./admin-endpoints";
import { readTogether } from "../db/reads-together";

const TAGS = ["Administración: correo"];
const NOT_FOUND = "No existe ese correo";

const listRoute = adminRoute({
  method: "get",
  path: "/admin/emails",
  operationId: "listAdminEmails",
  tags: TAGS,
  summary: "La bandeja de salida: cada correo, con filtros, orden y paginación",
  description:
    "Filtros: status, template, policy (número), client (id), from/to (fecha de creación); q busca por dirección de destino, palabras del asunto o número de póliza.",
  request: { query: AdminEmailListQuerySchema },
  responses: { 200: { description: "Página de correos", content: jsonContent(AdminEmailListSchema) } },
});

const exportRoute = adminRoute({
  method: "get",
  path: "/admin/emails/export",
  operationId: "exportAdminEmails",
  tags: TAGS,
  summary: "Exporta en CSV los correos que cumplen los filtros, en el orden pedido",
  description: "Mismos filtros y orden que /admin/emails, todas las filas. UTF-8 con BOM, separado por punto y coma.",
  request: { query: AdminEmailExportQuerySchema },
  responses: { 200: { description: "Fichero CSV", content: { "text/csv": { schema: z.string() } } } },
});

const getRoute = adminRoute({
  method: "get",
  path: "/admin/emails/{id}",
  operationId: "getAdminEmail",
  tags: TAGS,
  summary: "Un correo: destino, tipo, asunto, estado, intentos, último error, fechas, póliza, cliente, texto y adjuntos",
  request: { params: IdParamSchema },
  responses: { 200: { description: "El correo", content: jsonContent(AdminEmailSchema) } },
});

const htmlRoute = adminRoute({
  method: "get",
  path: "/admin/emails/{id}/html",
  operationId: "getAdminEmailHtml",
  tags: TAGS,
  summary: "La parte HTML guardada del correo, con una política de seguridad estricta propia",
  description: `Content-Security-Policy: ${EMAIL_PREVIEW_CSP}. 404 si el correo no tiene parte HTML.`,
  request: { params: IdParamSchema },
  responses: { 200: { description: "El HTML del correo", content: { "text/html": { schema: z.string() } } } },
});

const resendRoute = adminRoute({
  method: "post",
  path: "/admin/emails/{id}/resend",
  operationId: "resendAdminEmail",
  tags: TAGS,
  summary: "Encola una copia del correo como un mensaje nuevo, enlazado al original",
  description:
    "Mismo destino, asunto, texto, HTML y adjuntos; sale en la próxima pasada del envío. Queda en la auditoría (email.resent). 409 si el correo está pendiente: ya va de camino.",
  request: { params: IdParamSchema },
  responses: { 201: { description: "La copia encolada", content: jsonContent(AdminEmailSchema) }, ...errorResponses(409) },
});

const cancelRoute = adminRoute({
  method: "post",
  path: "/admin/emails/{id}/cancel",
  operationId: "cancelAdminEmail",
  tags: TAGS,
  summary: "Cancela un correo pendiente: no se enviará",
  description:
    "Solo un correo pendiente pasa a cancelado, con quién y cuándo; el envío no lo vuelve a intentar. Queda en la auditoría (email.cancelled). 409 si ya no está pendiente.",
  request: { params: IdParamSchema },
  responses: { 200: { description: "El correo cancelado", content: jsonContent(AdminEmailSchema) }, ...errorResponses(409) },
});

export const ADMIN_EMAIL_CSV_HEADER = [
  "Número",
  "Para",
  "Tipo",
  "Asunto",
  "Estado",
  "Intentos",
  "Último error",
  "Póliza",
  "Cliente",
  "Creado",
  "Enviado",
  "Reenvío de",
] as const;
const csvRow = (r: AdminEmailRow) => [
  String(r.id),
  r.to,
  r.template ? EMAIL_TEMPLATE_LABELS[r.template] : "",
  r.subject,
  EMAIL_STATUS_LABELS[r.status],
  String(r.attempts),
  r.lastError ?? "",
  r.policy?.number ?? "",
  r.client?.name ?? "",
  formatDateTime(r.createdAt),
  r.sentAt ? formatDateTime(r.sentAt) : "",
  r.resentFromId === null ? "" : String(r.resentFromId),
];

async function requireEmail(db: Database, id: number) {
  const found = await adminEmailById(db, id);
  if (!found) throw new ApiProblem(404, NOT_FOUND);
  return found;
}

async function emailAnswer(db: Database, id: number): Promise<AdminEmail> {
  const [{ stored, row }, resends] = await readTogether(
    db,
    () => requireEmail(db, id),
    () => emailResends(db, id),
  );
  // The domain in force when it was queued, as the worker writes it (api/services/mail.ts).
  const distributor = await readDistributor(db, stored.createdAt);
  return {
    email: {
      ...row,
      templateLabel: row.template ? EMAIL_TEMPLATE_LABELS[row.template] : null,
      text: stored.body,
      hasHtml: stored.html !== null,
      messageId: outboxMessageId(stored.id, distributor.email),
      cancelledAt: stored.cancelledAt ? stored.cancelledAt.toISOString() : null,
      cancelledBy: stored.cancelledByLabel,
      attachments: stored.attachments.map((a) =>
        isPending(a)
          ? { filename: a.filename, contentType: a.contentType, sizeBytes: null, pending: true }
          : { filename: a.filename, contentType: a.contentType, sizeBytes: Buffer.byteLength(a.contentBase64, "base64"), pending: false },
      ),
    },
    resends,
    resendable: row.status !== "pendiente",
    cancellable: row.status === "pendiente",
  };
}

export function registerAdminEmailRoutes(api: ApiApp) {
  api.openapi(listRoute, async (c) => c.json(await listAdminEmails(c.var.deps.readDb, c.req.valid("query")), 200));

  api.openapi(exportRoute, async (c) => {
    const batches = adminEmailExportBatches(c.var.deps.readDb, c.req.valid("query"));
    return csvAttachment(c, "correos", csvStream({ header: ADMIN_EMAIL_CSV_HEADER, batches, row: csvRow }));
  });

  // From the primary: a message just resent or cancelled shows as it is now.
  api.openapi(getRoute, async (c) => c.json(await emailAnswer(c.var.deps.db, c.req.valid("param").id), 200));

  api.openapi(htmlRoute, async (c) => {
    const { stored } = await requireEmail(c.var.deps.db, c.req.valid("param").id);
    if (stored.html === null) throw new ApiProblem(404, "Este correo no tiene parte HTML");
    c.header("Content-Security-Policy", EMAIL_PREVIEW_CSP);
    c.header(FRAMED_PREVIEW_HEADER, "1");
    c.header("X-Content-Type-Options", "nosniff");
    return c.body(stored.html, 200, { "Content-Type": "text/html; charset=utf-8" });
  });

  api.openapi(resendRoute, async (c) => {
    const deps = c.var.deps;
    const id = c.req.valid("param").id;
    const copyId = await deps.db.transaction(async (tx) => {
      // The row is locked so that a cancel or the worker's write cannot change its status under us.
      const original = await lockEmail(tx, id);
      if (!original) throw new ApiProblem(404, NOT_FOUND);
      if (original.status === "pendiente")
        throw new ApiProblem(
          409,
          "Este correo está pendiente: ya va de camino. Se puede reenviar cuando se haya enviado, haya fallado o se haya cancelado.",
        );
      const at = deps.now();
      const newId = await queueResend(tx, original, at);
      await writeAudit(tx, {
        ...adminActor(c),
        at,
        action: "email.resent",
        entity: "email",
        entityId: String(newId),
        before: { id: original.id, status: original.status, to: original.to, template: original.template },
        after: { id: newId, resentFromId: original.id },
      });
      return newId;
    });
    return c.json(await emailAnswer(deps.db, copyId), 201);
  });

  api.openapi(cancelRoute, async (c) => {
    const deps = c.var.deps;
    const id = c.req.valid("param").id;
    const admin = c.var.admin!;
    await deps.db.transaction(async (tx) => {
      const at = deps.now();
      const cancelled = await cancelPendingEmail(tx, id, { id: admin.id, label: admin.email }, at);
      if (!cancelled) {
        const found = await adminEmailById(tx, id);
        if (!found) throw new ApiProblem(404, NOT_FOUND);
        throw new ApiProblem(409, `Solo se puede cancelar un correo pendiente; este está ${EMAIL_STATUS_LABELS[found.row.status].toLowerCase()}`);
      }
      await writeAudit(tx, {
        ...adminActor(c),
        at,
        action: "email.cancelled",
        entity: "email",
        entityId: String(id),
        before: { status: "pendiente", attempts: cancelled.attempts, lastError: cancelled.lastError },
        after: { status: "cancelado", cancelledAt: at.toISOString() },
      });
    });
    return c.json(await emailAnswer(deps.db, id), 200);
  });
}
