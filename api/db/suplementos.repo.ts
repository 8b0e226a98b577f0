// What the suplemento services (api/services/endorsement-pricing.ts, endorsements.ts,
// endorsement-answer.ts) read and write besides the endorsement row (./endorsements.repo.ts): the
// policy row, the guarantees no longer sold, what this term's suplementos added, the suplemento's
// recibo and the card payment behind it.
import { and, count, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "./client";
import { endorsements, guarantees, payments, policies, recibos, type Policy, type Recibo } from "./schema";

/** The policy row; null when absent. */
export async function readPolicyRow(db: DbOrTx, policyId: number): Promise<Policy | null> {
  const [row] = await db.select().from(policies).where(eq(policies.id, policyId));
  return row ?? null;
}

/** The guarantees of these codes as stored (any line, active or not), to name one no longer sold. */
export async function guaranteesByCode(db: DbOrTx, codes: string[]) {
  return db
    .select({ code: guarantees.code, name: guarantees.name, line: guarantees.lineCode })
    .from(guarantees)
    .where(inArray(guarantees.code, codes));
}

/** The guarantees added by the policy's suplementos of this term. */
export async function endorsedGuaranteesOfTerm(db: DbOrTx, policyId: number, term: number) {
  return db
    .select({ guarantees: endorsements.guarantees })
    .from(endorsements)
    .where(and(eq(endorsements.policyId, policyId), eq(endorsements.term, term)));
}

/** The yearly premium each suplemento of this term left in force (ADR 023). */
export async function annualPremiumsOfTerm(db: DbOrTx, policyId: number, term: number) {
  return db
    .select({ term: endorsements.term, version: endorsements.version, annualPremium: endorsements.annualPremium })
    .from(endorsements)
    .where(and(eq(endorsements.policyId, policyId), eq(endorsements.term, term)));
}

/** How many suplementos the policy has had. */
export async function endorsementCount(db: DbOrTx, policyId: number): Promise<number> {
  const [{ count: made } = { count: 0 }] = await db.select({ count: count() }).from(endorsements).where(eq(endorsements.policyId, policyId));
  return Number(made);
}

/** A suplemento's recibo; answers its id. */
export async function insertSuplementoRecibo(
  tx: DbOrTx,
  r: { policyId: number; sequence: number; term: number; dueDate: string; amountCents: number; at: Date },
): Promise<number> {
  const [row] = await tx
    .insert(recibos)
    .values({
      policyId: r.policyId,
      sequence: r.sequence,
      kind: "suplemento",
      term: r.term,
      dueDate: r.dueDate,
      amountCents: r.amountCents,
      createdAt: r.at,
      updatedAt: r.at,
    })
    .returning({ id: recibos.id });
  return row!.id;
}

/** The suplemento's recibo and the label of the accepted payment of it, if any. */
export async function suplementoRecibo(db: DbOrTx, reciboId: number | null): Promise<{ recibo?: Recibo; paymentLabel?: string | null }> {
  const [recibo] = await db
    .select()
    .from(recibos)
    .where(eq(recibos.id, reciboId ?? -1));
  const [payment] = recibo
    ? await db
        .select({ label: payments.methodLabel })
        .from(payments)
        .where(and(eq(payments.reciboId, recibo.id), eq(payments.status, "aceptado")))
    : [];
  return { recibo, paymentLabel: payment?.label };
}
