// /admin/audit: the audit log, filtered and paginated, and its CSV export. Read-only: no endpoint
// updates or deletes an audit row.
import { z } from "zod";
import type { ApiApp } from "../app";
import { AUDIT_EXPORT_LIMIT, AuditFilterSchema, AuditListQuerySchema, AuditListSchema, type AuditEntry } from "../contract/admin";
import { AUDIT_TIME_ZONE, auditRowsForExport, listAudit } from "../db/audit.repo";
import { errorResponses } from "../http";
import { adminRoute } from "./admin-endpoints";

const TAGS = ["Administración: auditoría"];

export const AUDIT_CSV_HEADER = ["fecha", "actor", "acción", "entidad", "id", "ip", "antes", "después"] as const;

/**
 * One CSV cell (RFC 4180). A cell that a spreadsheet would run as a formula (= + - @, or a leading
 * tab or carriage return) gets a leading apostrophe first; then quotes are doubled and the cell is
 * quoted when it holds a separator, a quote or a line break.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function toCsv(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}

const madridDateTime = new Intl.DateTimeFormat("sv-SE", {
  timeZone: AUDIT_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

/** "2026-05-01 14:03:09", Madrid time: what a spreadsheet recognises as a date and time. */
export function madridTimestamp(date: Date): string {
  return madridDateTime.format(date);
}

const jsonCell = (value: unknown) => (value === null || value === undefined ? "" : JSON.stringify(value));

export function auditCsvRow(entry: AuditEntry): string[] {
  return [
    madridTimestamp(new Date(entry.at)),
    entry.actorLabel ?? entry.actorId ?? entry.actorType,
    entry.action,
    entry.entity,
    entry.entityId ?? "",
    entry.ip ?? "",
    jsonCell(entry.before),
    jsonCell(entry.after),
  ];
}

const listRoute = adminRoute({
  method: "get",
  path: "/admin/audit",
  tags: TAGS,
  summary: "Registro de auditoría, del más reciente al más antiguo",
  description: "Filtros: actor (parte del correo o nombre), acción y entidad exactas, y un intervalo de días (hora de Madrid, ambos incluidos).",
  request: { query: AuditListQuerySchema },
  responses: { 200: { description: "Página del registro", content: { "application/json": { schema: AuditListSchema } } }, ...errorResponses(400, 401, 403) },
});

const exportRoute = adminRoute({
  method: "get",
  path: "/admin/audit/export",
  tags: TAGS,
  summary: `Exporta el registro de auditoría en CSV (los ${AUDIT_EXPORT_LIMIT.toLocaleString("es-ES")} más recientes que cumplen los filtros)`,
  description:
    "Mismos filtros que /admin/audit. UTF-8 con BOM, separado por comas, fechas en hora de Madrid. La cabecera X-Total-Count da cuántas filas cumplen los filtros (pueden ser más de las exportadas).",
  request: { query: AuditFilterSchema },
  responses: {
    200: { description: "Fichero CSV", content: { "text/csv": { schema: z.string() } } },
    ...errorResponses(400, 401, 403),
  },
});

export function registerAdminAuditRoutes(api: ApiApp) {
  api.openapi(listRoute, async (c) => {
    const { page, pageSize, ...filter } = c.req.valid("query");
    const { items, total } = await listAudit(c.var.deps.db, filter, { page, pageSize });
    return c.json({ items, total, page, pageSize }, 200);
  });

  api.openapi(exportRoute, async (c) => {
    const filter = c.req.valid("query");
    const { rows, total } = await auditRowsForExport(c.var.deps.db, filter, AUDIT_EXPORT_LIMIT);
    const day = madridTimestamp(c.var.deps.now()).slice(0, 10);
    // The BOM makes spreadsheet programs read the accents as UTF-8.
    const body = "\uFEFF" + toCsv([AUDIT_CSV_HEADER, ...rows.map(auditCsvRow)]);
    return c.body(body, 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="auditoria-${day}.csv"`,
      "Cache-Control": "no-store",
      "X-Total-Count": String(total),
    });
  });
}
