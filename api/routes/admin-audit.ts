// /admin/audit: the audit log, filtered, sorted and paged, and its CSV export (streamed, every
// matching row, in the list's order). Read-only: no endpoint updates or deletes an audit row.
import { z } from "zod";
import type { ApiApp } from "../env";
import { ACTOR_TYPES, AuditExportQuerySchema, AuditListQuerySchema, AuditListSchema, auditActionLabel, auditEntityLabel } from "../contract/audit";
import { csvAttachment, csvDateTime, csvStream } from "../csv";
import { auditExportBatches, listAudit, type AuditExportRow } from "../db/audit.repo";
import { adminRoute } from "./admin-endpoints";

const TAGS = ["Administración: auditoría"];

export const AUDIT_CSV_HEADER = ["Fecha", "Actor", "Tipo de actor", "Acción", "Código de acción", "Entidad", "ID", "IP", "Antes", "Después"] as const;

/** JSON as the API answers it (compact), from the database's text of a jsonb value; null is empty. */
function jsonCell(text: string | null): string {
  const value: unknown = text === null ? null : JSON.parse(text);
  return value === null ? "" : JSON.stringify(value);
}

export function auditCsvRow(entry: AuditExportRow): string[] {
  return [
    csvDateTime(new Date(entry.atMs)),
    entry.actorLabel ?? entry.actorId ?? "",
    ACTOR_TYPES[entry.actorType],
    auditActionLabel(entry.action),
    entry.action,
    auditEntityLabel(entry.entity),
    entry.entityId ?? "",
    entry.ip ?? "",
    jsonCell(entry.before),
    jsonCell(entry.after),
  ];
}

const listRoute = adminRoute({
  method: "get",
  path: "/admin/audit",
  operationId: "listAuditEntries",
  tags: TAGS,
  summary: "Registro de auditoría (por defecto, del más reciente al más antiguo)",
  description:
    "Filtros: actor (parte del correo o nombre, 3 letras o más), acción y entidad exactas, y un intervalo de días (hora de Madrid, ambos incluidos). Orden por at, actor, action o entity. El total se cuenta hasta 10.000 (totalCapped); se pueden recorrer los primeros 10.000 resultados.",
  request: { query: AuditListQuerySchema },
  responses: { 200: { description: "Página del registro", content: { "application/json": { schema: AuditListSchema } } } },
});

const exportRoute = adminRoute({
  method: "get",
  path: "/admin/audit/export",
  operationId: "exportAuditEntries",
  tags: TAGS,
  summary: "Exporta en CSV todas las filas del registro que cumplen los filtros, en el orden pedido",
  description:
    "Mismos filtros y orden que /admin/audit, sin límite de filas: se envía por partes a medida que se lee. UTF-8 con BOM, separado por punto y coma, fechas dd/mm/aaaa hh:mm:ss en hora de Madrid (como lo abre Excel en español).",
  request: { query: AuditExportQuerySchema },
  responses: {
    200: { description: "Fichero CSV", content: { "text/csv": { schema: z.string() } } },
  },
});

export function registerAdminAuditRoutes(api: ApiApp) {
  api.openapi(listRoute, async (c) => c.json(await listAudit(c.var.deps.readDb, c.req.valid("query")), 200));

  api.openapi(exportRoute, async (c) => {
    const batches = auditExportBatches(c.var.deps.readDb, c.req.valid("query"));
    return csvAttachment(c, "auditoria", csvStream({ header: AUDIT_CSV_HEADER, batches, row: auditCsvRow }));
  });
}
