// A signed document staff upload to a policy or a client (ADR 037): the file is checked by its
// content (api/domain/uploaded-file.ts) before anything is written, so a refused file leaves no row
// and no bytes; an accepted one is stored as version 1 of its own series and audited.
import { randomUUID } from "node:crypto";
import { writeAudit, type AuditWrite } from "../db/audit";
import { clientOwner, policyOwner, type EntityRef } from "../db/entity-documents.repo";
import type { StoredDocumentRow } from "../db/documents.repo";
import { CLIENT_MESSAGES } from "../contract/clients";
import { POLICY_NOT_FOUND_MESSAGE } from "../contract/policies";
import { UploadTitleSchema } from "../contract/uploads";
import { checkUploadedFile, UPLOAD_MESSAGES } from "../domain/uploaded-file";
import { ApiProblem } from "../http";
import { documentSeries, storeReceivedFile, type StoredDocumentDeps } from "./stored-documents";

export type UploadInput = { title: unknown; file: { name: string; content: Uint8Array } | null };
type Actor = Pick<AuditWrite, "actorType" | "actorId" | "actorLabel" | "ip">;

/** Checks the title and the file (400 with the field's message, before the owner, as a body is checked before its route runs), then stores and audits the upload. */
export async function uploadDocument(deps: StoredDocumentDeps, ref: EntityRef, input: UploadInput, actor: Actor): Promise<StoredDocumentRow> {
  const fieldErrors: Record<string, string[]> = {};
  const title = UploadTitleSchema.safeParse(input.title);
  if (!title.success) fieldErrors.title = title.error.issues.map((i) => i.message);
  const check = input.file ? checkUploadedFile(input.file) : null;
  if (!input.file) fieldErrors.file = [UPLOAD_MESSAGES.missing];
  else if (check && !check.ok) fieldErrors.file = [check.message];
  if (!title.success || !check?.ok) throw new ApiProblem(400, fieldErrors.file?.[0] ?? "Datos no válidos", fieldErrors);

  const owner =
    "policyId" in ref
      ? await policyOwner(deps.db, ref.policyId).then((p) => p && { policyId: p.policyId, clientId: p.clientId, label: `la póliza ${p.number}` })
      : await clientOwner(deps.db, ref.clientId).then((c) => c && { policyId: null, clientId: c.clientId, label: `el cliente ${c.name}` });
  if (!owner) throw new ApiProblem(404, "policyId" in ref ? POLICY_NOT_FOUND_MESSAGE : CLIENT_MESSAGES.notFound);

  const stored = await storeReceivedFile(
    deps,
    {
      kind: "subido",
      seriesKey: documentSeries.upload(randomUUID()),
      title: title.data,
      owner: { policyId: owner.policyId, clientId: owner.clientId },
    },
    { type: "admin", id: actor.actorId, label: actor.actorLabel },
    { filename: check.filename, content: Buffer.from(input.file!.content), contentType: check.type.contentType },
  );
  // After the row (ADR 017: no transaction around the store); the row itself says who uploaded it.
  await writeAudit(deps.db, {
    ...actor,
    action: "document.uploaded",
    entity: "document",
    entityId: stored.row.id,
    after: {
      title: stored.row.title,
      filename: stored.row.filename,
      contentType: stored.row.contentType,
      sizeBytes: stored.row.sizeBytes,
      sha256: stored.row.sha256,
      policyId: stored.row.policyId,
      clientId: stored.row.clientId,
      to: owner.label,
    },
    at: stored.row.createdAt,
  });
  return stored.row;
}
