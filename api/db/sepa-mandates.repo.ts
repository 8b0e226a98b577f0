// SEPA mandates (ADR 029): one active mandate per SEPA policy, made at the sale in the policy's own
// transaction and again when staff change the IBAN (the old one sustituido, the new one FRST).
import { and, count, desc, eq, sql } from "drizzle-orm";
import { mandateReference } from "../domain/sepa";
import type { DbOrTx } from "./client";
import { clients, policies, remittanceItems, sepaMandates, type SepaMandate } from "./schema";

export type SequenceType = "FRST" | "RCUR";

/** A new active mandate of the policy, numbered after its earlier ones (COT-<number>-1, -2…). */
export async function insertMandate(
  tx: DbOrTx,
  m: { policyId: number; policyNumber: string; debtorName: string; iban: string; signedOn: string; sequenceType: SequenceType; at: Date },
): Promise<SepaMandate> {
  const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(sepaMandates).where(eq(sepaMandates.policyId, m.policyId));
  const [row] = await tx
    .insert(sepaMandates)
    .values({
      policyId: m.policyId,
      reference: mandateReference(m.policyNumber, n + 1),
      signedOn: m.signedOn,
      debtorName: m.debtorName,
      iban: m.iban,
      sequenceType: m.sequenceType,
      createdAt: m.at,
    })
    .returning();
  return row!;
}

/** The policy's active mandate (none for a card policy). */
export async function activeMandate(db: DbOrTx, policyId: number): Promise<SepaMandate | null> {
  const [row] = await db
    .select()
    .from(sepaMandates)
    .where(and(eq(sepaMandates.policyId, policyId), eq(sepaMandates.status, "activo")));
  return row ?? null;
}

/** A debit of a remittance, named by its remittance and its recibo. */
export type DebitKey = { remittanceId: number; reciboId: number };

/**
 * Returned debits that were their mandate's first (FRST) leave the active mandate FRST again, so
 * its next presentation is a first debit; unless another debit of it has been collected (ADR 033).
 * The remittance made the mandate RCUR when it sent the FRST (one first debit in flight at a time).
 */
export async function reopenFirstDebits(tx: DbOrTx, returned: DebitKey[]): Promise<void> {
  if (returned.length === 0) return;
  const keys = sql.join(
    returned.map((d) => sql`(${d.remittanceId}::integer, ${d.reciboId}::integer)`),
    sql`, `,
  );
  await tx.execute(sql`
    with returned (remittance_id, recibo_id) as (values ${keys})
    update ${sepaMandates} set sequence_type = 'FRST'
    where ${sepaMandates.status} = 'activo' and ${sepaMandates.sequenceType} = 'RCUR'
      and ${sepaMandates.id} in (
        select i.mandate_id from ${remittanceItems} i join returned r using (remittance_id, recibo_id) where i.sequence_type = 'FRST')
      and not exists (
        select 1 from ${remittanceItems} c where c.mandate_id = ${sepaMandates.id} and c.status = 'cobrado'
          and (c.remittance_id, c.recibo_id) not in (select remittance_id, recibo_id from returned))`);
}

/** A collected debit makes its mandate's next ones RCUR (a FRST returned before may have left it FRST). */
export async function markMandateRecurring(tx: DbOrTx, debit: DebitKey): Promise<void> {
  await tx.execute(sql`
    update ${sepaMandates} set sequence_type = 'RCUR'
    where ${sepaMandates.sequenceType} = 'FRST' and ${sepaMandates.id} in (
      select mandate_id from ${remittanceItems} where remittance_id = ${debit.remittanceId} and recibo_id = ${debit.reciboId})`);
}

/** Every mandate of the policy, newest first. */
export async function mandatesOfPolicy(db: DbOrTx, policyId: number): Promise<SepaMandate[]> {
  return db.select().from(sepaMandates).where(eq(sepaMandates.policyId, policyId)).orderBy(desc(sepaMandates.id));
}

/** The active mandate ends: a new IBAN replaces it. */
export async function replaceActiveMandate(tx: DbOrTx, policyId: number, at: Date): Promise<SepaMandate | null> {
  const [row] = await tx
    .update(sepaMandates)
    .set({ status: "sustituido", replacedAt: at })
    .where(and(eq(sepaMandates.policyId, policyId), eq(sepaMandates.status, "activo")))
    .returning();
  return row ?? null;
}

/** One mandate with what its PDF shows: the policy number and the debtor's client data. */
export async function mandateForDocument(db: DbOrTx, policyId: number, mandateId: number) {
  const [row] = await db
    .select({
      mandate: sepaMandates,
      policyNumber: policies.number,
      policyUserId: policies.userId,
      nif: clients.nif,
      address: clients.address,
      postalCode: clients.postalCode,
      city: clients.city,
    })
    .from(sepaMandates)
    .innerJoin(policies, eq(policies.id, sepaMandates.policyId))
    .innerJoin(clients, eq(clients.id, policies.clientId))
    .where(and(eq(sepaMandates.id, mandateId), eq(sepaMandates.policyId, policyId)));
  return row ?? null;
}
