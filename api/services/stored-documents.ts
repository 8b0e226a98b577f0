// Documents stored once (ADR 036): a generated document is rendered, written to the document store and
// recorded with its SHA-256 the first time it is issued; every later download reads those bytes back
// and checks the hash, so a policy document downloaded in two years is the one issued today.
// Regenerating writes the next version of the series and keeps the old ones.
// The bytes are written before the row: a crash in between leaves an unreferenced file, never a row
// without its file. No transaction is open while rendering or talking to the store (ADR 017).
import type { Clock } from "../../platform/clock";
import { formatIsoDate } from "../contract/format";
import type { DocumentKind } from "../contract/vocabulary";
import type { Database } from "../db/client";
import {
  insertStoredDocument,
  lastVersionNumber,
  latestInSeries,
  remittanceFileBytes,
  type NewStoredDocumentRow,
  type StoredDocumentRow,
} from "../db/documents.repo";
import type { RenderedDocument } from "./documents";
import { newStorageKey, sha256Hex, type DocumentStore } from "./document-store/store";

export type StoredDocumentDeps = { db: Database; documents: DocumentStore; now: Clock };

/** Who a document belongs to; at least one is set, so the list can find it from a policy, a client, a quote or a remittance. */
export type DocumentOwner = { policyId?: number | null; clientId?: number | null; quoteId?: string | null; remittanceId?: number | null };

/** Who issued or uploaded it, as the audit log names actors. */
export type DocumentActor = { type: "admin" | "user" | "system"; id?: string | number | null; label?: string | null };

export type DocumentSpec = {
  kind: DocumentKind;
  /** One logical document: `condiciones:policy:12:v2`, `recibo:policy:12:3` (see the series helpers below). */
  seriesKey: string;
  /** What the list shows: "Condiciones particulares v2 de COT-2026-000012". */
  title: string;
  owner: DocumentOwner;
};

export type StoredFile = { row: StoredDocumentRow; content: Buffer };

/** The series of each generated document: one place, so the issuing paths and the downloads agree. */
export const documentSeries = {
  conditions: (policyId: number, version: number) => `condiciones:policy:${policyId}:v${version}`,
  recibo: (policyId: number, sequence: number) => `recibo:policy:${policyId}:${sequence}`,
  receipt: (policyId: number, sequence: number) => `justificante:policy:${policyId}:${sequence}`,
  mandate: (mandateReference: string) => `mandato:${mandateReference}`,
  withdrawal: (policyId: number) => `desistimiento:policy:${policyId}`,
  quote: (quoteId: string) => `cotizacion:quote:${quoteId}`,
  /** The IPID given with a policy's confirmation, kept with the policy (the public IPID page stays rendered from today's catalogue). */
  ipid: (policyId: number) => `ipid:policy:${policyId}`,
  remittance: (remittanceId: number) => `remesa:${remittanceId}`,
  certificate: (policyId: number, issuedOn: string) => `certificado:policy:${policyId}:${issuedOn}`,
  upload: (uploadId: string) => `subido:${uploadId}`,
};

export class StoredDocumentUnreadable extends Error {
  constructor(
    readonly documentId: string,
    readonly reason: "missing" | "hash" | "store",
  ) {
    super(`Stored document ${documentId} cannot be served: ${reason}`);
  }
}

/** What a person reads when a stored document cannot be served (the log line says which and why). */
export const STORED_DOCUMENT_UNREADABLE_MESSAGE =
  "No podemos entregar este documento: el archivo guardado no se puede leer o no coincide con el emitido. Avise al equipo técnico; no se ha entregado otro en su lugar.";

/**
 * A remittance's file lives in `remittances.file_xml` (the one source of its download); its
 * `documents` row names it with this storage, so the list shows it without a second copy.
 */
export const REMITTANCE_STORAGE = "remittance";

/**
 * The documents row of a remittance, written in the transaction that creates it (a row, no store
 * I/O). Migration 0019 writes the same row for the remittances made before it, with the same title.
 */
export function remittanceDocumentRow(r: {
  id: number;
  collectionDate: string;
  fileXml: string;
  fileSha256: string;
  actorType: "admin" | "user" | "system";
  createdById: string | null;
  createdByLabel: string | null;
  at: Date;
}): NewStoredDocumentRow {
  return {
    kind: "remesa",
    seriesKey: documentSeries.remittance(r.id),
    version: 1,
    remittanceId: r.id,
    title: `Remesa SEPA ${r.id} · cobro ${formatIsoDate(r.collectionDate)}`,
    filename: `remesa-${r.id}.xml`,
    contentType: "application/xml",
    sizeBytes: Buffer.byteLength(r.fileXml, "utf8"),
    sha256: r.fileSha256,
    storage: REMITTANCE_STORAGE,
    storageKey: `remittances/${r.id}`,
    createdByType: r.actorType,
    createdById: r.createdById,
    createdByLabel: r.createdByLabel,
    createdAt: r.at,
  };
}

/** The bytes of a stored version, checked against the hash recorded when it was issued. */
export async function readStoredDocument(deps: Pick<StoredDocumentDeps, "documents" | "db">, row: StoredDocumentRow): Promise<Buffer> {
  const fromRemittance = row.storage === REMITTANCE_STORAGE && row.remittanceId !== null;
  // A row written by another store (the configuration changed) is not silently looked for here.
  if (!fromRemittance && row.storage !== deps.documents.name) throw new StoredDocumentUnreadable(row.id, "store");
  const content = fromRemittance ? await remittanceFileBytes(deps.db, row.remittanceId!) : await deps.documents.get(row.storageKey);
  if (!content) throw new StoredDocumentUnreadable(row.id, "missing");
  if (sha256Hex(content) !== row.sha256) throw new StoredDocumentUnreadable(row.id, "hash");
  return content;
}

async function writeVersion(
  deps: StoredDocumentDeps,
  spec: DocumentSpec,
  actor: DocumentActor,
  file: RenderedDocument & { contentType: string },
  version: number,
): Promise<StoredDocumentRow | null> {
  const now = deps.now();
  const storageKey = newStorageKey(now, file.contentType);
  await deps.documents.put(storageKey, file.content, file.contentType);
  const row = await insertStoredDocument(deps.db, {
    kind: spec.kind,
    seriesKey: spec.seriesKey,
    version,
    policyId: spec.owner.policyId ?? null,
    clientId: spec.owner.clientId ?? null,
    quoteId: spec.owner.quoteId ?? null,
    remittanceId: spec.owner.remittanceId ?? null,
    title: spec.title,
    filename: file.filename,
    contentType: file.contentType,
    sizeBytes: file.content.length,
    sha256: sha256Hex(file.content),
    storage: deps.documents.name,
    storageKey,
    createdByType: actor.type,
    createdById: actor.id === undefined || actor.id === null ? null : String(actor.id),
    createdByLabel: actor.label ?? null,
    createdAt: now,
  });
  // Another writer recorded this version first: ours is not referenced, so its bytes go.
  if (!row) await deps.documents.delete(storageKey);
  return row;
}

/**
 * The issued version of a generated document: the newest of its series, or — the first time —
 * rendered now, stored and recorded. Two first downloads at once store one version (the loser's file
 * is removed and it serves the winner's).
 */
export async function issueOnce(
  deps: StoredDocumentDeps,
  spec: DocumentSpec,
  actor: DocumentActor,
  render: () => Promise<RenderedDocument>,
): Promise<StoredFile> {
  const existing = await latestInSeries(deps.db, spec.seriesKey);
  if (existing) return { row: existing, content: await readStoredDocument(deps, existing) };
  const rendered = await render();
  const row = await writeVersion(deps, spec, actor, { ...rendered, contentType: "application/pdf" }, 1);
  if (row) return { row, content: rendered.content };
  const winner = await latestInSeries(deps.db, spec.seriesKey);
  if (!winner) throw new Error(`Series ${spec.seriesKey} has no version after a conflicting insert`);
  return { row: winner, content: await readStoredDocument(deps, winner) };
}

/** Renders the document again as the next version of its series; the old versions stay stored and listed. */
export async function regenerateDocument(
  deps: StoredDocumentDeps,
  spec: DocumentSpec,
  actor: DocumentActor,
  render: () => Promise<RenderedDocument>,
): Promise<StoredFile> {
  const rendered = await render();
  for (let attempt = 0; attempt < 3; attempt++) {
    const version = (await lastVersionNumber(deps.db, spec.seriesKey)) + 1;
    const row = await writeVersion(deps, spec, actor, { ...rendered, contentType: "application/pdf" }, version);
    if (row) return { row, content: rendered.content };
  }
  throw new Error(`Series ${spec.seriesKey}: three versions lost to concurrent writers`);
}

/** Stores a file received from a person (an upload, already checked by type and size) as version 1 of a new series. */
export async function storeReceivedFile(
  deps: StoredDocumentDeps,
  spec: DocumentSpec,
  actor: DocumentActor,
  file: RenderedDocument & { contentType: string },
): Promise<StoredFile> {
  const row = await writeVersion(deps, spec, actor, file, 1);
  if (!row) throw new Error(`Upload series ${spec.seriesKey} already exists`);
  return { row, content: file.content };
}
