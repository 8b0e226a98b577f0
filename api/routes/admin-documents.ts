// /admin/documents (ADR 036): every stored document of the portfolio (list, CSV), one document with
// every version of its series, its bytes, a new version of a generated one (regenerate) and the
// removal of an upload. Reading and downloading need documents:read; regenerating and deleting
// documents:write (api/routes/admin-endpoints.ts). Both writes are audited.
import { z } from "zod";
import {
  AdminDocumentExportQuerySchema,
  AdminDocumentListQuerySchema,
  AdminDocumentListSchema,
  AdminDocumentSchema,
  type AdminDocument,
  type AdminDocumentRow,
} from "../contract/documents";
import { formatDateTime } from "../contract/format";
import { ACTOR_TYPES, DOCUMENT_KIND_LABELS } from "../contract/vocabulary";
import { csvAttachment, csvStream } from "../csv";
import { adminActor, writeAudit } from "../db/audit";
import { adminDocumentById, adminDocumentExportBatches, listAdminDocuments } from "../db/admin-documents.repo";
import { findStoredDocument, markStoredDocumentDeleted, seriesVersions, type StoredDocumentRow } from "../db/documents.repo";
import type { Database } from "../db/client";
import type { ApiApp } from "../env";
import { ApiProblem, jsonContent } from "../http";
import { errorResponses } from "../openapi-responses";
import { storedDocumentResponse } from "../answers/pdf";
import { DOCUMENT_NOT_FOUND_MESSAGE, isRegenerable, regenerateStored } from "../services/issued-documents";
import { readStoredDocument } from "../services/stored-documents";
import { adminRoute } from "./admin-endpoints";
import { staffDocumentActor } from "./document-actors";
import { readTogether } from "../db/reads-together";

const TAGS = ["Administración: documentos"];
const IdParam = z.object({ id: z.string().openapi({ param: { name: "id", in: "path" }, description: "Identificador (UUID) del documento" }) });
const fileContent = { "application/octet-stream": { schema: z.string().openapi({ type: "string", format: "binary" }) } };

const listRoute = adminRoute({
  method: "get",
  path: "/admin/documents",
  operationId: "listAdminDocuments",
  tags: TAGS,
  summary: "Todos los documentos de la cartera, con filtros, orden y paginación",
  description:
    "Cotizaciones, IPID, condiciones particulares (cada versión), recibos, justificantes, mandatos, remesas, certificados y documentos subidos. Filtros: kind, policy (número), client (id), from/to (fecha de emisión), by (staff, customer, system o el id de un usuario); q busca por número de póliza o NIF.",
  request: { query: AdminDocumentListQuerySchema },
  responses: { 200: { description: "Página de documentos", content: jsonContent(AdminDocumentListSchema) } },
});

const exportRoute = adminRoute({
  method: "get",
  path: "/admin/documents/export",
  operationId: "exportAdminDocuments",
  tags: TAGS,
  summary: "Exporta en CSV los documentos que cumplen los filtros, en el orden pedido",
  description: "Mismos filtros y orden que /admin/documents, todas las filas. UTF-8 con BOM, separado por punto y coma.",
  request: { query: AdminDocumentExportQuerySchema },
  responses: { 200: { description: "Fichero CSV", content: { "text/csv": { schema: z.string() } } } },
});

const getRoute = adminRoute({
  method: "get",
  path: "/admin/documents/{id}",
  operationId: "getAdminDocument",
  tags: TAGS,
  summary: "Un documento: sus datos, su hash y cada versión de su serie",
  request: { params: IdParam },
  responses: { 200: { description: "El documento", content: jsonContent(AdminDocumentSchema) } },
});

const downloadRoute = adminRoute({
  method: "get",
  path: "/admin/documents/{id}/download",
  operationId: "downloadAdminDocument",
  tags: TAGS,
  summary: "Descarga los bytes guardados del documento (esa versión), comprobados contra su hash",
  description:
    "Content-Type el del documento (PDF, XML, JPEG, PNG) y Content-Disposition con su nombre. Si el archivo guardado no se puede leer o no coincide con su hash: 500, nunca otro archivo.",
  request: { params: IdParam },
  responses: { 200: { description: "El archivo", content: fileContent } },
});

const regenerateRoute = adminRoute({
  method: "post",
  path: "/admin/documents/{id}/regenerate",
  operationId: "regenerateAdminDocument",
  tags: TAGS,
  summary: "Genera de nuevo un documento generado como la versión siguiente de su serie",
  description:
    "Con los datos de hoy. Las versiones anteriores se conservan y siguen descargándose; la nueva es la que descargan el cliente y el equipo desde ahora. Queda en la auditoría (document.regenerated). 409 para un desistimiento, una remesa, un certificado o un documento subido.",
  request: { params: IdParam },
  responses: { 200: { description: "La nueva versión", content: jsonContent(AdminDocumentSchema) }, ...errorResponses(409) },
});

const deleteRoute = adminRoute({
  method: "delete",
  path: "/admin/documents/{id}",
  operationId: "deleteAdminDocument",
  tags: TAGS,
  summary: "Elimina un documento subido",
  description:
    "Solo documentos subidos (los generados no se eliminan: se regeneran). Deja de listarse y de descargarse; la fila y su auditoría (document.deleted) quedan. 409 para un documento generado o ya eliminado.",
  request: { params: IdParam },
  responses: { 200: { description: "El documento eliminado", content: jsonContent(AdminDocumentSchema) }, ...errorResponses(409) },
});

export const ADMIN_DOCUMENT_CSV_HEADER = [
  "Título",
  "Tipo",
  "Versión",
  "Póliza",
  "Cliente",
  "NIF",
  "Archivo",
  "Tamaño (bytes)",
  "Fecha",
  "Quién",
] as const;
const csvRow = (r: AdminDocumentRow) => [
  r.title,
  DOCUMENT_KIND_LABELS[r.kind],
  String(r.version),
  r.policy?.number ?? "",
  r.client?.name ?? "",
  r.client?.nif ?? "",
  r.filename,
  String(r.sizeBytes),
  formatDateTime(r.createdAt),
  r.createdBy.label ?? ACTOR_TYPES[r.createdBy.type],
];

async function requireDocument(db: Database, id: string): Promise<StoredDocumentRow> {
  const row = await findStoredDocument(db, id);
  if (!row) throw new ApiProblem(404, DOCUMENT_NOT_FOUND_MESSAGE);
  return row;
}

async function documentAnswer(db: Database, row: StoredDocumentRow): Promise<AdminDocument> {
  const [listed, versions] = await readTogether(
    db,
    () => adminDocumentById(db, row),
    () => seriesVersions(db, row.seriesKey),
  );
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  return {
    document: { ...listed, sha256: row.sha256, seriesKey: row.seriesKey, deletedAt: iso(row.deletedAt) },
    versions: versions.map((v) => ({
      id: v.id,
      version: v.version,
      sizeBytes: v.sizeBytes,
      sha256: v.sha256,
      createdAt: v.createdAt.toISOString(),
      createdBy: { type: v.createdByType as "admin" | "user" | "system", id: v.createdById, label: v.createdByLabel },
      deletedAt: iso(v.deletedAt),
    })),
    regenerable: isRegenerable(row),
    deletable: row.kind === "subido" && row.deletedAt === null,
  };
}

/** What the audit keeps of a version: enough to find it and prove its bytes. */
const auditedVersion = (r: StoredDocumentRow) => ({ id: r.id, version: r.version, sha256: r.sha256, sizeBytes: r.sizeBytes, title: r.title });

export function registerAdminDocumentRoutes(api: ApiApp) {
  api.openapi(listRoute, async (c) => c.json(await listAdminDocuments(c.var.deps.readDb, c.req.valid("query")), 200));

  api.openapi(exportRoute, async (c) => {
    const batches = adminDocumentExportBatches(c.var.deps.readDb, c.req.valid("query"));
    return csvAttachment(c, "documentos", csvStream({ header: ADMIN_DOCUMENT_CSV_HEADER, batches, row: csvRow }));
  });

  // From the primary: a version just regenerated is there at once.
  api.openapi(getRoute, async (c) => c.json(await documentAnswer(c.var.deps.db, await requireDocument(c.var.deps.db, c.req.valid("param").id)), 200));

  api.openapi(downloadRoute, async (c) => {
    const row = await requireDocument(c.var.deps.db, c.req.valid("param").id);
    if (row.deletedAt) throw new ApiProblem(404, DOCUMENT_NOT_FOUND_MESSAGE);
    return storedDocumentResponse(c, async () => ({ row, content: await readStoredDocument(c.var.deps, row) }));
  });

  api.openapi(regenerateRoute, async (c) => {
    const deps = c.var.deps;
    const row = await requireDocument(deps.db, c.req.valid("param").id);
    if (!isRegenerable(row))
      throw new ApiProblem(
        409,
        "Este documento no se puede regenerar: solo los documentos generados (no los subidos, las remesas ni los desistimientos)",
      );
    // Rendering and the store run with no transaction open (ADR 017); the audit row follows the new version.
    const made = await regenerateStored(deps, row, staffDocumentActor(c));
    await writeAudit(deps.db, {
      ...adminActor(c),
      at: deps.now(),
      action: "document.regenerated",
      entity: "document",
      entityId: made.row.id,
      before: auditedVersion(row),
      after: { ...auditedVersion(made.row), seriesKey: made.row.seriesKey },
    });
    return c.json(await documentAnswer(deps.db, made.row), 200);
  });

  api.openapi(deleteRoute, async (c) => {
    const deps = c.var.deps;
    const row = await requireDocument(deps.db, c.req.valid("param").id);
    if (row.kind !== "subido") throw new ApiProblem(409, "Solo se pueden eliminar documentos subidos; un documento generado se regenera");
    // Soft delete: the bytes stay in the store (the audit names them by hash; a removal by mistake can be undone by hand).
    const deleted = await deps.db.transaction(async (tx) => {
      const marked = await markStoredDocumentDeleted(tx, row.id, deps.now());
      if (!marked) throw new ApiProblem(409, "Este documento ya estaba eliminado");
      await writeAudit(tx, {
        ...adminActor(c),
        at: deps.now(),
        action: "document.deleted",
        entity: "document",
        entityId: row.id,
        before: auditedVersion(row),
        after: { deletedAt: marked.deletedAt?.toISOString() },
      });
      return marked;
    });
    return c.json(await documentAnswer(deps.db, deleted), 200);
  });
}
