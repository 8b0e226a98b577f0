// "Pagar ahora" (ADR 031): the charge attempts of a customer's payment of a recibo (charge_attempts,
// purpose pago_cliente, subject recibo-<id>) and the payable recibos of a policy.
import { and, asc, desc, eq, inArray, max, sql } from "drizzle-orm";
import type { DbOrTx } from "./client";
import { chargeAttempts, policies, recibos, type ChargeAttempt, type Recibo } from "./schema";

export const PAY_NOW_PURPOSE = "pago_cliente";
export const reciboSubject = (reciboId: number) => `recibo-${reciboId}`;

/** Serialises the attempts of one subject (numbering, the in-flight check) until the transaction ends. */
export async function lockSubject(tx: DbOrTx, subject: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`charge-attempt:${subject}`}))`);
}

export async function policyAndRecibo(db: DbOrTx, policyId: number, sequence: number) {
  const [row] = await db
    .select({ policyStatus: policies.status, policyNumber: policies.number, coverResumesAt: policies.coverResumesAt, recibo: recibos })
    .from(recibos)
    .innerJoin(policies, eq(policies.id, recibos.policyId))
    .where(and(eq(recibos.policyId, policyId), eq(recibos.sequence, sequence)));
  return row ?? null;
}

/** The customer's attempts of a subject, newest first. */
export async function payNowAttempts(db: DbOrTx, subject: string): Promise<ChargeAttempt[]> {
  return db
    .select()
    .from(chargeAttempts)
    .where(and(eq(chargeAttempts.subject, subject), eq(chargeAttempts.purpose, PAY_NOW_PURPOSE)))
    .orderBy(desc(chargeAttempts.attempt));
}

/** Records the next attempt of the subject (numbered across every purpose: the key is unique) before the provider is called. */
export async function insertNextAttempt(
  tx: DbOrTx,
  a: { subject: string; policyId: number; reciboId: number; amountCents: number; requestKey: string; at: Date },
): Promise<ChargeAttempt> {
  const [last] = await tx
    .select({ n: max(chargeAttempts.attempt) })
    .from(chargeAttempts)
    .where(eq(chargeAttempts.subject, a.subject));
  const attempt = (last?.n ?? 0) + 1;
  const [row] = await tx
    .insert(chargeAttempts)
    .values({
      purpose: PAY_NOW_PURPOSE,
      subject: a.subject,
      attempt,
      providerKey: `${PAY_NOW_PURPOSE}-${a.subject}-${attempt}`,
      amountCents: a.amountCents,
      policyId: a.policyId,
      reciboId: a.reciboId,
      requestKey: a.requestKey,
      createdAt: a.at,
      updatedAt: a.at,
    })
    .returning();
  return row!;
}

export async function markAttempt(
  db: DbOrTx,
  id: number,
  patch: { status: "capturado" | "registrado" | "reembolsado" | "rechazado"; providerRef?: string; failureReason?: string },
  at: Date,
): Promise<void> {
  await db
    .update(chargeAttempts)
    .set({ ...patch, updatedAt: at })
    .where(eq(chargeAttempts.id, id));
}

/** The open recibos (pendiente, devuelto) of some policies, for "Pagar ahora" in Mi póliza. */
export async function openRecibosOf(db: DbOrTx, policyId: number): Promise<Recibo[]> {
  return db
    .select()
    .from(recibos)
    .where(and(eq(recibos.policyId, policyId), inArray(recibos.status, ["pendiente", "devuelto"])))
    .orderBy(asc(recibos.sequence));
}
