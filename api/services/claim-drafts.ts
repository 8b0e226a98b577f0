// A customer's claim in progress (ADR 042: drafts are kept if the customer leaves and comes back):
// one open draft per policy, what was typed so far as typed. Declaring it turns the same row into
// the claim (api/services/claims.ts), so what is uploaded while drafting stays with it.
import { sql } from "drizzle-orm";
import type { ClaimDraft } from "../contract/claims";
import type { DbOrTx } from "../db/client";
import { openDraftOf } from "../db/claims.repo";
import type { PolicyView } from "../db/policies.repo";
import { claims } from "../db/schema-claims";

/** Saves what the customer typed on their policy's open draft, creating it on the first save. */
export async function saveClaimDraft(db: DbOrTx, policy: PolicyView, userId: number, draft: ClaimDraft, now: Date): Promise<ClaimDraft> {
  // Two saves at once (two tabs) meet on the one-draft-per-policy index: the later one's fields win.
  await db
    .insert(claims)
    .values({ policyId: policy.id, clientId: policy.clientId, userId, lineCode: policy.line, draft, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: claims.policyId, targetWhere: sql`${claims.declaredAt} is null`, set: { draft, userId, updatedAt: now } });
  return draft;
}

/** The policy's open draft (null: none). */
export async function readClaimDraft(db: DbOrTx, policyId: number): Promise<ClaimDraft | null> {
  return (await openDraftOf(db, policyId))?.draft ?? null;
}
