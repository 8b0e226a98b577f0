// /admin/clients: the back office's clients (tomadores). The list with its CSV (ADR 010), one
// client with everything about them, the edit, internal notes, and the data rights: a copy of
// all their data and the erasure (anonymisation) once the law no longer requires keeping them
// (ADR 012). Every change writes its audit row in the same transaction.
import { z } from "zod";
import type { ApiApp } from "../env";
import { currentAdmin } from "../auth";
import {
  CLIENT_MESSAGES,
  CLIENT_STAGE_LABELS,
  ClientDataExportSchema,
  ClientDataSchema,
  ClientDetailSchema,
  ClientErasureSchema,
  ClientExportQuerySchema,
  ClientListQuerySchema,
  ClientListSchema,
  ClientNoteSchema,
  NewClientNoteSchema,
  UpdateClientSchema,
  type ClientDetail,
  type ClientRow,
} from "../contract/clients";
import { IdParamSchema } from "../contract/ids";
import { csvAttachment, csvDateTime, csvStream } from "../csv";
import { pgErrorCode } from "../db/admin-users.repo";
import { adminActor, writeAudit } from "../db/audit";
import {
  clientData,
  clientErasedAt,
  countPolicies,
  findClient,
  insertClientNote,
  loadClientDetail,
  lockClient,
  nifTakenByAnother,
  policiesForErasure,
  updateClient,
  type ClientPatch,
} from "../db/clients.repo";
import { clientExportBatches, listClients } from "../db/client-list.repo";
import { eraseClientData, loadClientDataExport } from "../db/client-data-rights.repo";
import type { Transaction } from "../db/client";
import { lockClientNif } from "../db/policy-writes.repo";
import { madridDate } from "../domain/calendar";
import { CLIENT_DATA_RETENTION_YEARS, erasureDecision, type ErasureDecision } from "../domain/client-data";
import { ApiProblem, jsonContent } from "../http";
import { errorResponses } from "../openapi-responses";
import { adminRoute } from "./admin-endpoints";

const TAGS = ["Administración: clientes"];

const listRoute = adminRoute({
  method: "get",
  path: "/admin/clients",
  operationId: "listClients",
  tags: TAGS,
  summary: "Clientes (tomadores), con búsqueda, filtros y paginación",
  description:
    "q: un NIF/NIE completo (exacto) o 3 letras o más del nombre o del correo. Filtros: stage (etapa del embudo de clientes) e inForce (con o sin pólizas en vigor o suspendidas). Orden por name o createdAt.",
  request: { query: ClientListQuerySchema },
  responses: { 200: { description: "Página de clientes", content: jsonContent(ClientListSchema) } },
});

const exportRoute = adminRoute({
  method: "get",
  path: "/admin/clients/export",
  operationId: "exportClients",
  tags: TAGS,
  summary: "Exporta en CSV los clientes que cumplen los filtros, en el orden pedido",
  description: "Mismos filtros y orden que /admin/clients, todas las filas. UTF-8 con BOM, separado por punto y coma, fechas en hora de Madrid.",
  request: { query: ClientExportQuerySchema },
  responses: { 200: { description: "Fichero CSV", content: { "text/csv": { schema: z.string() } } } },
});

const getRoute = adminRoute({
  method: "get",
  path: "/admin/clients/{id}",
  operationId: "getClient",
  tags: TAGS,
  summary: "Un cliente con todo lo suyo: datos, pólizas, cotizaciones, recibos, consentimientos, documentos, correos, notas e historial",
  request: { params: IdParamSchema },
  responses: { 200: { description: "Cliente", content: jsonContent(ClientDetailSchema) } },
});

const updateRoute = adminRoute({
  method: "patch",
  path: "/admin/clients/{id}",
  operationId: "updateClient",
  tags: TAGS,
  summary: "Cambia los datos de un cliente (solo los campos enviados; null los vacía)",
  description: "El NIF/NIE se valida con su letra y no puede ser el de otro cliente (409); un tomador con pólizas no puede quedarse sin él (400).",
  request: { params: IdParamSchema, body: { required: true, content: jsonContent(UpdateClientSchema) } },
  responses: { 200: { description: "Cliente modificado", content: jsonContent(ClientDataSchema) }, ...errorResponses(409) },
});

const noteRoute = adminRoute({
  method: "post",
  path: "/admin/clients/{id}/notes",
  operationId: "addClientNote",
  tags: TAGS,
  summary: "Añade una nota interna al cliente (no la ve el cliente)",
  request: { params: IdParamSchema, body: { required: true, content: jsonContent(NewClientNoteSchema) } },
  responses: { 201: { description: "Nota añadida", content: jsonContent(ClientNoteSchema) }, ...errorResponses(409) },
});

const gdprExportRoute = adminRoute({
  method: "get",
  path: "/admin/clients/{id}/gdpr-export",
  operationId: "exportClientData",
  tags: TAGS,
  summary: "Todos los datos del cliente en un fichero JSON (derecho de acceso y portabilidad)",
  description: "Se descarga como cliente-<id>-datos.json y queda en el registro de auditoría. De los pagos solo se da lo visible del medio de pago.",
  request: { params: IdParamSchema },
  responses: { 200: { description: "Fichero JSON", content: jsonContent(ClientDataExportSchema) } },
});

const eraseRoute = adminRoute({
  method: "post",
  path: "/admin/clients/{id}/erase",
  operationId: "eraseClient",
  tags: TAGS,
  summary: "Anonimiza los datos del cliente (derecho de supresión)",
  description: `Solo sin pólizas pendientes de pago, en vigor o suspendidas, y pasados ${CLIENT_DATA_RETENTION_YEARS} años desde que terminó la última (409 con el motivo). Las pólizas y los recibos se conservan sin datos que identifiquen a la persona.`,
  request: { params: IdParamSchema },
  responses: { 200: { description: "Datos anonimizados", content: jsonContent(ClientErasureSchema) }, ...errorResponses(409) },
});

export const CLIENTS_CSV_HEADER = ["Nombre", "NIF/NIE", "Correo electrónico", "Teléfono", "Etapa", "Pólizas en vigor", "Alta"] as const;

function clientCsvRow(client: ClientRow): string[] {
  return [
    client.name,
    client.nif ?? "",
    client.email ?? "",
    client.phone ?? "",
    CLIENT_STAGE_LABELS[client.stage],
    String(client.policiesInForce),
    csvDateTime(client.createdAt),
  ];
}

function or404<T>(value: T | null): T {
  if (value === null) throw new ApiProblem(404, CLIENT_MESSAGES.notFound);
  return value;
}

const ddmmyyyy = (iso: string) => iso.split("-").reverse().join("/");

/** The erasure rule's refusal as the sentence the person reads, or null when allowed. */
function erasureRefusal(decision: ErasureDecision): string | null {
  if (decision.allowed) return null;
  return decision.reason === "live_policy"
    ? CLIENT_MESSAGES.livePolicies
    : CLIENT_MESSAGES.retention(ddmmyyyy(decision.keepUntil), CLIENT_DATA_RETENTION_YEARS);
}

/** A changed field's value before and after, only for the fields that really change. */
function changedFields(before: Record<string, unknown>, patch: ClientPatch) {
  const from: Record<string, unknown> = {};
  const to: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined || before[key] === value) continue;
    from[key] = before[key];
    to[key] = value;
  }
  return { from, to, changed: Object.keys(to).length > 0 };
}

async function lockOr404(tx: Transaction, id: number) {
  return or404(await lockClient(tx, id));
}

export function registerAdminClientRoutes(api: ApiApp) {
  api.openapi(listRoute, async (c) => c.json(await listClients(c.var.deps.readDb, c.req.valid("query")), 200));

  api.openapi(exportRoute, async (c) => {
    const batches = clientExportBatches(c.var.deps.readDb, c.req.valid("query"));
    return csvAttachment(c, "clientes", csvStream({ header: CLIENTS_CSV_HEADER, batches, row: clientCsvRow }));
  });

  api.openapi(getRoute, async (c) => {
    const today = madridDate(c.var.deps.now());
    const detail = await loadClientDetail(c.var.deps.readDb, c.req.valid("param").id, (policies): ClientDetail["erasure"] => {
      const refusal = erasureRefusal(erasureDecision(policies, today));
      return { allowed: refusal === null, reason: refusal };
    });
    return c.json(or404(detail), 200);
  });

  api.openapi(updateRoute, async (c) => {
    const { id } = c.req.valid("param");
    const input = c.req.valid("json");
    const db = c.var.deps.db;
    const now = c.var.deps.now();
    try {
      const updated = await db.transaction(async (tx) => {
        // The new NIF first (the checkout takes the same lock), then the client.
        if (input.nif) await lockClientNif(tx, input.nif);
        const before = await lockOr404(tx, id);
        if (await clientErasedAt(tx, id)) throw new ApiProblem(409, CLIENT_MESSAGES.erased);
        if (input.nif === null && before.nif !== null && (await countPolicies(tx, id)) > 0) {
          throw new ApiProblem(400, "Datos no válidos", { nif: [CLIENT_MESSAGES.nifRequired] });
        }
        if (input.nif && input.nif !== before.nif && (await nifTakenByAnother(tx, input.nif, id))) {
          throw new ApiProblem(409, CLIENT_MESSAGES.nifTaken, { nif: [CLIENT_MESSAGES.nifTaken] });
        }
        const { from, to, changed } = changedFields(before, input as ClientPatch);
        if (!changed) return before;
        const after = await updateClient(tx, id, to as ClientPatch, now);
        await writeAudit(tx, { ...adminActor(c), at: now, action: "client.updated", entity: "client", entityId: id, before: from, after: to });
        return after;
      });
      return c.json(clientData(updated), 200);
    } catch (error) {
      // The unique index refused a NIF another write took a moment before.
      if (pgErrorCode(error) === "23505") throw new ApiProblem(409, CLIENT_MESSAGES.nifTaken, { nif: [CLIENT_MESSAGES.nifTaken] });
      throw error;
    }
  });

  api.openapi(noteRoute, async (c) => {
    const { id } = c.req.valid("param");
    const { body } = c.req.valid("json");
    const admin = currentAdmin(c);
    const now = c.var.deps.now();
    const note = await c.var.deps.db.transaction(async (tx) => {
      await lockOr404(tx, id);
      if (await clientErasedAt(tx, id)) throw new ApiProblem(409, CLIENT_MESSAGES.erased);
      const created = await insertClientNote(tx, { clientId: id, body, authorId: admin.id, authorLabel: admin.email, at: now });
      // The note's text stays in the note (erasure deletes it), not in the append-only log.
      await writeAudit(tx, {
        ...adminActor(c),
        at: now,
        action: "client.note_added",
        entity: "client",
        entityId: id,
        after: { noteId: created.id, characters: body.length },
      });
      return created;
    });
    return c.json(note, 201);
  });

  api.openapi(gdprExportRoute, async (c) => {
    const { id } = c.req.valid("param");
    const now = c.var.deps.now();
    const data = await c.var.deps.db.transaction(async (tx) => {
      const client = or404(await findClient(tx, id));
      const exported = await loadClientDataExport(tx, client, now);
      await writeAudit(tx, {
        ...adminActor(c),
        at: now,
        action: "client.exported",
        entity: "client",
        entityId: id,
        after: { policies: exported.policies.length, quotes: exported.quotes.length, emails: exported.emails.length, notes: exported.notes.length },
      });
      return exported;
    });
    c.header("Content-Disposition", `attachment; filename="cliente-${id}-datos.json"`);
    c.header("Cache-Control", "private, no-store");
    return c.json(data, 200);
  });

  api.openapi(eraseRoute, async (c) => {
    const { id } = c.req.valid("param");
    const now = c.var.deps.now();
    const result = await c.var.deps.db.transaction(async (tx) => {
      const client = await lockOr404(tx, id);
      if (await clientErasedAt(tx, id)) throw new ApiProblem(409, CLIENT_MESSAGES.erased);
      const refusal = erasureRefusal(erasureDecision(await policiesForErasure(tx, id), madridDate(now)));
      if (refusal) throw new ApiProblem(409, refusal);
      const done = await eraseClientData(tx, client, now);
      // No personal data in the record of the erasure itself.
      await writeAudit(tx, { ...adminActor(c), at: now, action: "client.erased", entity: "client", entityId: id, after: { erased: true, ...done } });
      return done;
    });
    return c.json({ id, erasedAt: now.toISOString(), ...result }, 200);
  });
}
