// What the customer and the handler share on a claim (issue 26, ADR 042): the message thread, the
// documents staff ask for (the customer gets an e-mail and answers with an upload), and the files —
// photos and documents while drafting, answers to requests, the perito's report. A file is checked
// by content and stored as ADR 037's uploads are (`storeReceivedFile`), then linked in `claim_files`.
// Each change is one transaction with the claim's history entry and its audit row.
import { randomUUID } from "node:crypto";
import { writeAudit } from "../db/audit";
import { readDistributor } from "../db/catalogue.repo";
import { insertClaimEvent, lockClaim, openDraftOf, type Claim } from "../db/claims.repo";
import type { DbOrTx, Transaction } from "../db/client";
import {
  claimRecipient,
  deleteClaimFile,
  fulfilRequest,
  insertClaimFile,
  insertClaimMessage,
  insertDocumentRequest,
  lockOpenRequest,
  markMessagesRead,
} from "../db/claim-thread.repo";
import { markStoredDocumentDeleted } from "../db/documents.repo";
import type { PolicyView } from "../db/policies.repo";
import { CLAIM_DOCUMENT_KIND_LABELS, type ClaimDocumentKind, type ClaimMessageAuthor } from "../contract/claim-vocabulary";
import type { EmailTemplateKey } from "../contract/vocabulary";
import { checkUploadedFile, UPLOAD_MESSAGES } from "../domain/uploaded-file";
import { ApiProblem } from "../http";
import { enqueueEmail } from "./mail";
import { CLAIM_NOT_FOUND_MESSAGE, type ClaimActor } from "./claims";
import { saveClaimDraft } from "./claim-drafts";
import { documentSeries, storeReceivedFile, type StoredDocumentDeps } from "./stored-documents";

/** Who acts on a claim's thread: its customer (only their own claims) or a staff member. */
export type ClaimParty = { kind: "cliente"; userId: number } | { kind: "tramitador"; adminId: number };

const authorOf = (party: ClaimParty): ClaimMessageAuthor => party.kind;

/** The declared claim, locked, when `party` may reach it: anyone else's is the same 404 as a missing one. */
async function reachableClaim(tx: DbOrTx, claimId: number, party: ClaimParty): Promise<Claim> {
  const claim = await lockClaim(tx, claimId);
  if (!claim || (party.kind === "cliente" && claim.userId !== party.userId)) throw new ApiProblem(404, CLAIM_NOT_FOUND_MESSAGE);
  return claim;
}

async function queueClaimEmail(
  tx: Transaction,
  claim: Claim,
  template: EmailTemplateKey,
  extra: Record<string, string>,
  actor: ClaimActor,
  now: Date,
) {
  const recipient = await claimRecipient(tx, claim.id);
  if (!recipient?.to) return;
  const d = await readDistributor(tx, now);
  const emailId = await enqueueEmail(
    tx,
    {
      template,
      to: recipient.to,
      policyId: claim.policyId,
      clientId: claim.clientId,
      values: {
        nombre_tomador: recipient.name,
        numero_siniestro: claim.number!,
        numero_poliza: recipient.policyNumber,
        email_distribuidor: d.email,
        telefono_distribuidor: d.phone,
        ...extra,
      },
    },
    now,
  );
  await writeAudit(tx, {
    ...actor,
    at: now,
    action: "email.queued",
    entity: "outbox_email",
    entityId: emailId,
    after: { to: recipient.to, kind: template, claimId: claim.id },
  });
}

/** A message of the thread. Writing answers the other side, so their messages count as read; the customer gets an e-mail when the handler writes. */
export async function postClaimMessage(db: DbOrTx, claimId: number, party: ClaimParty, body: string, actor: ClaimActor, now: Date) {
  return db.transaction(async (tx) => {
    const claim = await reachableClaim(tx, claimId, party);
    const author = authorOf(party);
    const id = await insertClaimMessage(tx, {
      claimId,
      authorKind: author,
      adminId: party.kind === "tramitador" ? party.adminId : null,
      body,
      at: now,
    });
    await markMessagesRead(tx, claimId, author, now);
    await insertClaimEvent(tx, {
      ...actor,
      claimId,
      event: "mensaje",
      summary: author === "cliente" ? "Mensaje del cliente" : `Mensaje de ${actor.actorLabel ?? "el tramitador"} al cliente`,
      at: now,
    });
    await writeAudit(tx, {
      ...actor,
      action: "claim.message_sent",
      entity: "claim",
      entityId: claimId,
      after: { number: claim.number, messageId: id, author, length: body.length },
      at: now,
    });
    if (author === "tramitador") await queueClaimEmail(tx, claim, "siniestro-mensaje", {}, actor, now);
    return { id };
  });
}

/** Marks the other side's messages as read when `party` opens the claim. */
export async function readClaimThread(db: DbOrTx, claimId: number, party: ClaimParty, now: Date) {
  await markMessagesRead(db, claimId, authorOf(party), now);
}

/** Staff ask the customer for a document: the request shows in Mi póliza and the customer gets an e-mail. */
export async function requestClaimDocument(
  db: DbOrTx,
  claimId: number,
  adminId: number,
  request: { kind: ClaimDocumentKind; note?: string | null },
  actor: ClaimActor,
  now: Date,
) {
  return db.transaction(async (tx) => {
    const claim = await reachableClaim(tx, claimId, { kind: "tramitador", adminId });
    if (claim.status === "cerrado") throw new ApiProblem(409, "El siniestro está cerrado: reábrelo para pedir documentos");
    const note = request.note?.trim() || null;
    const id = await insertDocumentRequest(tx, { claimId, kind: request.kind, note, requestedByAdminId: adminId, requestedAt: now });
    const label = CLAIM_DOCUMENT_KIND_LABELS[request.kind];
    await insertClaimEvent(tx, {
      ...actor,
      claimId,
      event: "documento_pedido",
      summary: `Documento pedido al cliente: ${label}`,
      note,
      details: { requestId: id, kind: request.kind },
      at: now,
    });
    await writeAudit(tx, {
      ...actor,
      action: "claim.document_requested",
      entity: "claim",
      entityId: claimId,
      after: { number: claim.number, requestId: id, kind: request.kind, note },
      at: now,
    });
    await queueClaimEmail(tx, claim, "siniestro-documento-pedido", { documento_pedido: note ? `${label}: ${note}` : label }, actor, now);
    return { id };
  });
}

export type ReceivedFile = { name: string; content: Uint8Array };

/** Checks a file by content (type, size, empty), or a 400 with the reason on `field`. */
function checkedFile(file: ReceivedFile | null, field: string) {
  if (!file) throw new ApiProblem(400, UPLOAD_MESSAGES.missing, { [field]: [UPLOAD_MESSAGES.missing] });
  const check = checkUploadedFile(file);
  if (!check.ok) throw new ApiProblem(400, check.message, { [field]: [check.message] });
  return check;
}

/**
 * Adds a file to a declared claim: the customer's (their own claim; `requestId` answers a document
 * staff asked for, which is then fulfilled) or the handler's (e.g. the perito's report). The file is
 * checked and the claim reached before anything is stored; the bytes and the document row are
 * written before the link's transaction (ADR 017: no transaction around the store).
 */
export async function addClaimFile(
  deps: StoredDocumentDeps,
  claimId: number,
  party: ClaimParty,
  input: { kind: ClaimDocumentKind; requestId?: number | null; file: ReceivedFile | null },
  actor: ClaimActor,
) {
  const check = checkedFile(input.file, "file");
  const claim = await reachableClaim(deps.db, claimId, party);
  if (input.requestId && !(await lockOpenRequest(deps.db, claimId, input.requestId))) {
    throw new ApiProblem(409, "Ese documento ya se envió o no se pidió para este siniestro");
  }
  const stored = await storeClaimUpload(deps, claim, input.kind, input.file!, check, actor);
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    await reachableClaim(tx, claimId, party);
    const request = input.requestId ? await lockOpenRequest(tx, claimId, input.requestId) : null;
    if (input.requestId && !request) throw new ApiProblem(409, "Ese documento ya se envió o no se pidió para este siniestro");
    const kind = request?.kind ?? input.kind;
    const id = await insertClaimFile(tx, {
      claimId,
      documentId: stored.id,
      kind,
      requestId: request?.id ?? null,
      uploadedByType: party.kind === "cliente" ? "user" : "admin",
      uploadedById: String(party.kind === "cliente" ? party.userId : party.adminId),
      createdAt: now,
    });
    if (request) await fulfilRequest(tx, request.id, now);
    await insertClaimEvent(tx, {
      ...actor,
      claimId,
      event: "documento_subido",
      summary: `${party.kind === "cliente" ? "El cliente envió" : "Añadido"}: ${CLAIM_DOCUMENT_KIND_LABELS[kind]} (${stored.filename})`,
      details: { fileId: id, documentId: stored.id, requestId: request?.id ?? null },
      at: now,
    });
    await writeAudit(tx, {
      ...actor,
      action: "claim.file_added",
      entity: "claim",
      entityId: claimId,
      after: { number: claim.number, fileId: id, documentId: stored.id, kind, requestId: request?.id ?? null, sha256: stored.sha256 },
      at: now,
    });
    return { id, documentId: stored.id };
  });
}

/**
 * Adds a photo or document to the policy's open draft while the customer declares (the draft is
 * created if there is none yet, with what was typed so far): declaring turns the draft into the
 * claim, so the file stays with it. The owner check is the caller's (`requireOwnPolicy`).
 */
export async function addDraftFile(
  deps: StoredDocumentDeps,
  policy: PolicyView,
  userId: number,
  input: { kind: ClaimDocumentKind; file: ReceivedFile | null },
  actor: ClaimActor,
) {
  const check = checkedFile(input.file, "file");
  const now = deps.now();
  let draft = await openDraftOf(deps.db, policy.id);
  if (!draft) {
    await saveClaimDraft(deps.db, policy, userId, {}, now);
    draft = await openDraftOf(deps.db, policy.id);
  }
  const stored = await storeClaimUpload(deps, draft!, input.kind, input.file!, check, actor);
  const id = await insertClaimFile(deps.db, {
    claimId: draft!.id,
    documentId: stored.id,
    kind: input.kind,
    requestId: null,
    uploadedByType: "user",
    uploadedById: String(userId),
    createdAt: now,
  });
  return { id, documentId: stored.id, filename: stored.filename };
}

async function storeClaimUpload(
  deps: StoredDocumentDeps,
  claim: Claim,
  kind: ClaimDocumentKind,
  file: ReceivedFile,
  check: Extract<ReturnType<typeof checkUploadedFile>, { ok: true }>,
  actor: ClaimActor,
) {
  const stored = await storeReceivedFile(
    deps,
    {
      kind: "subido",
      seriesKey: documentSeries.upload(randomUUID()),
      title: `${CLAIM_DOCUMENT_KIND_LABELS[kind]}${claim.number ? ` · siniestro ${claim.number}` : " · declaración de siniestro"}`,
      owner: { policyId: claim.policyId, clientId: claim.clientId },
    },
    { type: actor.actorType === "admin" ? "admin" : "user", id: actor.actorId, label: actor.actorLabel },
    { filename: check.filename, content: Buffer.from(file.content), contentType: check.type.contentType },
  );
  return stored.row;
}

export const DRAFT_FILE_NOT_FOUND_MESSAGE = "Ese fichero no está en la declaración";

/**
 * Takes a file back from the policy's open draft before declaring (a wrong photo): the link goes
 * and the uploaded document is marked deleted (soft, as staff's removal: the bytes stay in the
 * store and the audit names them), in one transaction. A file of another draft or of a declared
 * claim is the same 404 as a missing one. The owner check is the caller's (`requireOwnPolicy`).
 */
export async function removeDraftFile(deps: Pick<StoredDocumentDeps, "db" | "now">, policy: PolicyView, fileId: number, actor: ClaimActor) {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const draft = await openDraftOf(tx, policy.id);
    const documentId = draft ? await deleteClaimFile(tx, draft.id, fileId) : null;
    if (!documentId) throw new ApiProblem(404, DRAFT_FILE_NOT_FOUND_MESSAGE);
    const marked = await markStoredDocumentDeleted(tx, documentId, now);
    await writeAudit(tx, {
      ...actor,
      at: now,
      action: "document.deleted",
      entity: "document",
      entityId: documentId,
      before: { claimFileId: fileId, draftOf: policy.number, filename: marked?.filename ?? null },
      after: { deletedAt: now.toISOString() },
    });
  });
}
