// Data access for suplementos (endorsements): the rows of a policy (the read model of Mi póliza
// and the documents), one by its idempotency key, and the insert. The service
// (api/services/endorsements.ts) writes them in the transaction that charges the recibo.
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "./client";
import { endorsements, policies, type Endorsement, type NewEndorsement } from "./schema";

/**
 * A policy's "Prima total anual" in a list's select (ADR 023): the yearly premium after the latest
 * suplemento of its current term, else the term's; what premiumInForce
 * (api/domain/endorsement-price.ts) gives a policy read whole. One index lookup per row (the
 * unique (policy_id, version) index).
 */
export const premiumTotalInForce = sql<number>`coalesce(
  (select (e.annual_premium ->> 'total')::int from ${endorsements} e
    where e.policy_id = ${policies.id} and e.term = ${policies.term} and e.annual_premium is not null
    order by e.version desc limit 1),
  ${policies.totalPremiumCents}
)`.mapWith(Number);

export async function endorsementsOfPolicies(db: DbOrTx, policyIds: readonly number[]): Promise<Endorsement[]> {
  if (policyIds.length === 0) return [];
  return db
    .select()
    .from(endorsements)
    .where(inArray(endorsements.policyId, [...policyIds]))
    .orderBy(asc(endorsements.policyId), asc(endorsements.version));
}

export async function findEndorsementByKey(db: DbOrTx, idempotencyKey: string): Promise<Endorsement | null> {
  const [row] = await db.select().from(endorsements).where(eq(endorsements.idempotencyKey, idempotencyKey));
  return row ?? null;
}

/** One endorsement of a policy of this visitor, or null (also when it is someone else's). */
export async function findUserEndorsement(db: DbOrTx, userId: number, id: number): Promise<Endorsement | null> {
  const [row] = await db
    .select({ endorsement: endorsements })
    .from(endorsements)
    .innerJoin(policies, eq(policies.id, endorsements.policyId))
    .where(and(eq(endorsements.id, id), eq(policies.userId, userId)));
  return row?.endorsement ?? null;
}

export async function insertEndorsement(tx: DbOrTx, row: NewEndorsement): Promise<number> {
  const [inserted] = await tx.insert(endorsements).values(row).returning({ id: endorsements.id });
  return inserted!.id;
}
