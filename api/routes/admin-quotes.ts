// /admin/quotes: every quote of the portfolio as a list (ADR 035), the one the dashboard's
// "cotizaciones que esperan una llamada" opens; policies:read, as the quotes lead to policies.
import { z } from "zod";
import type { ApiApp } from "../env";
import { AdminQuoteExportQuerySchema, AdminQuoteListQuerySchema, AdminQuoteListSchema, type AdminQuoteRow } from "../contract/admin-quotes";
import { LINE_LABELS, QUOTE_STATUS_LABELS } from "../contract/vocabulary";
import { csvAttachment, csvDateTime, csvMoney, csvStream } from "../csv";
import { adminQuoteExportBatches, listAdminQuotes } from "../db/admin-quotes.repo";
import { jsonContent } from "../http";
import { adminRoute } from "./admin-endpoints";

const TAGS = ["Administración: cotizaciones"];

const listRoute = adminRoute({
  method: "get",
  path: "/admin/quotes",
  operationId: "listAdminQuotes",
  tags: TAGS,
  summary: "Cotizaciones, con filtros por ramo, estado y las que esperan una llamada",
  request: { query: AdminQuoteListQuerySchema },
  responses: { 200: { description: "Página de cotizaciones", content: jsonContent(AdminQuoteListSchema) } },
});

const exportRoute = adminRoute({
  method: "get",
  path: "/admin/quotes/export",
  operationId: "exportAdminQuotes",
  tags: TAGS,
  summary: "Exporta en CSV las cotizaciones que cumplen los filtros, en el orden pedido",
  description: "Mismos filtros y orden que /admin/quotes, todas las filas. UTF-8 con BOM, separado por punto y coma, fechas en hora de Madrid.",
  request: { query: AdminQuoteExportQuerySchema },
  responses: { 200: { description: "Fichero CSV", content: { "text/csv": { schema: z.string() } } } },
});

export const ADMIN_QUOTES_CSV_HEADER = ["Fecha", "Ramo", "Estado", "Mejor precio (€)", "Visitante", "Correo electrónico", "Válida hasta"] as const;

function quoteCsvRow(quote: AdminQuoteRow): string[] {
  return [
    csvDateTime(quote.createdAt),
    LINE_LABELS[quote.line],
    QUOTE_STATUS_LABELS[quote.status],
    quote.bestPriceCents === null ? "" : csvMoney(quote.bestPriceCents),
    quote.visitor?.name ?? (quote.byPhone ? "Venta por teléfono" : "Sin cuenta"),
    quote.visitor?.email ?? "",
    csvDateTime(quote.validUntil),
  ];
}

export function registerAdminQuoteRoutes(api: ApiApp) {
  api.openapi(listRoute, async (c) => c.json(await listAdminQuotes(c.var.deps.readDb, c.req.valid("query"), c.var.deps.now()), 200));

  api.openapi(exportRoute, async (c) => {
    const batches = adminQuoteExportBatches(c.var.deps.readDb, c.req.valid("query"), c.var.deps.now());
    return csvAttachment(c, "cotizaciones", csvStream({ header: ADMIN_QUOTES_CSV_HEADER, batches, row: quoteCsvRow }));
  });
}
