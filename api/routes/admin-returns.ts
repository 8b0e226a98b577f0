// /admin/payments/returns: the bank's return files (ADR 030) — import one, list the imports (the list kit), one
// import's lines. The rules live in api/services/return-imports.ts; here only the HTTP shape.
import { IdParamSchema } from "../contract/ids";
import {
  RETURN_FILE_MAX_BYTES,
  RETURN_FILE_TOO_LARGE,
  ReturnImportBodySchema,
  ReturnImportListQuerySchema,
  ReturnImportListSchema,
  ReturnImportRefusalSchema,
  ReturnImportResultSchema,
  ReturnImportSchema,
  type ReturnImportSummary,
} from "../contract/returns";
import { adminActor } from "../db/audit";
import { findImport, listImports } from "../db/return-imports.repo";
import type { ApiApp } from "../env";
import { ApiProblem, jsonContent } from "../http";
import { importReturnFile, importView, ReturnFileRefused } from "../services/return-imports";
import { adminRoute } from "./admin-endpoints";

const TAGS = ["Administración: cobros"];
export const RETURN_IMPORT_NOT_FOUND = "No existe esa importación de devoluciones";

const importRoute = adminRoute({
  method: "post",
  path: "/admin/payments/returns",
  operationId: "importReturnFile",
  tags: TAGS,
  summary: "Importa el fichero de devoluciones del banco (pain.002.001.03 o CSV)",
  description:
    "El fichero va en base64 (1 MB como máximo). CSV: cabecera referencia_adeudo;codigo_devolucion[;fecha][;importe], separado por punto y coma o coma, en UTF-8 o Latin-1. " +
    "Cada devolución deja el recibo devuelto con el código y su significado, los gastos de devolución de los ajustes, y avisa al tomador. " +
    "El mismo fichero dos veces responde la primera importación sin cambiar nada (repeated). Un fichero mal formado, de otro acreedor o con una línea que no corresponde a ningún adeudo se rechaza entero (422, con el error de cada línea): no se aplica nada.",
  request: { body: { required: true, content: jsonContent(ReturnImportBodySchema) } },
  responses: {
    200: { description: "Lo que hizo la importación (o la anterior del mismo fichero: repeated)", content: jsonContent(ReturnImportResultSchema) },
    422: { description: "Fichero rechazado entero: el error de cada línea; no se ha aplicado nada", content: jsonContent(ReturnImportRefusalSchema) },
  },
});

const listRoute = adminRoute({
  method: "get",
  path: "/admin/payments/returns",
  operationId: "listReturnImports",
  tags: TAGS,
  summary: "Las importaciones de ficheros de devoluciones, con filtros, orden y paginación",
  description:
    "Filtros: from/to (día de la importación, hora de Madrid, incluidos), format (pain.002 o csv), importedBy (parte del correo de quien lo importó), notApplied (si: con líneas ya devueltas antes, que no se aplicaron). Orden por createdAt, la más reciente primero.",
  request: { query: ReturnImportListQuerySchema },
  responses: { 200: { description: "Página de importaciones", content: jsonContent(ReturnImportListSchema) } },
});

const getRoute = adminRoute({
  method: "get",
  path: "/admin/payments/returns/{id}",
  operationId: "getReturnImport",
  tags: TAGS,
  summary: "Una importación de devoluciones con sus líneas: recibo, póliza, código y resultado",
  request: { params: IdParamSchema },
  responses: { 200: { description: "La importación", content: jsonContent(ReturnImportSchema) } },
});

export function registerAdminReturnRoutes(api: ApiApp) {
  api.openapi(importRoute, async (c) => {
    const { fileName, contentBase64 } = c.req.valid("json");
    const bytes = Buffer.from(contentBase64, "base64");
    if (bytes.length > RETURN_FILE_MAX_BYTES) throw new ApiProblem(400, RETURN_FILE_TOO_LARGE, { contentBase64: [RETURN_FILE_TOO_LARGE] });
    try {
      const result = await importReturnFile(c.var.deps, { fileName, bytes }, adminActor(c), c.var.deps.now());
      return c.json(result, 200);
    } catch (error) {
      if (error instanceof ReturnFileRefused) return c.json({ error: error.message, lineErrors: error.lineErrors }, 422);
      throw error;
    }
  });

  api.openapi(listRoute, async (c) => {
    const page = await listImports(c.var.deps.readDb, c.req.valid("query"));
    const items = page.items.map((r) => ({ ...r, format: r.format as ReturnImportSummary["format"], createdAt: r.createdAt.toISOString() }));
    return c.json({ ...page, items }, 200);
  });

  api.openapi(getRoute, async (c) => {
    const row = await findImport(c.var.deps.readDb, c.req.valid("param").id);
    if (!row) throw new ApiProblem(404, RETURN_IMPORT_NOT_FOUND);
    return c.json(await importView(c.var.deps.readDb, row), 200);
  });
}
