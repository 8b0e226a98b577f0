// Who a stored document is issued by (ADR 036), as the documents list shows it: the signed-in staff
// member or customer whose request issued it first.
import { adminActor } from "../db/audit";
import type { DocumentActor } from "../services/stored-documents";

export function staffDocumentActor(c: Parameters<typeof adminActor>[0]): DocumentActor {
  const a = adminActor(c);
  return { type: "admin", id: a.actorId, label: a.actorLabel };
}
