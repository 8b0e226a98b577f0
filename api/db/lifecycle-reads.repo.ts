// What the lifecycle's services (api/services/lifecycle.ts, recibos.ts, my-policy-actions.ts) read
// besides the locked policy: a policy with its recibos without locking it, the payments behind a
// refund, what was refunded and the policyholder's contact.
import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "./client";
import type { LockedPolicy } from "./lifecycle.repo";
import { clients, payments, policies, recibos, refunds, type Payment } from "./schema";

/** The policy and its recibos, read without locking (what the customer may do today); null when absent. */
export async function readPolicyWithRecibos(db: DbOrTx, policyId: number): Promise<LockedPolicy | null> {
  const [row] = await db.select().from(policies).where(eq(policies.id, policyId));
  if (!row) return null;
  return { ...row, recibos: await db.select().from(recibos).where(eq(recibos.policyId, policyId)).orderBy(asc(recibos.sequence)) };
}

/** Whether a payment with this provider reference is already recorded (a provider answer not to repeat). */
export async function isPaymentRecorded(db: DbOrTx, providerRef: string): Promise<boolean> {
  return (await db.select({ id: payments.id }).from(payments).where(eq(payments.providerRef, providerRef)).limit(1)).length > 0;
}

/** The last accepted payment of the policy, or of one recibo: the one a refund goes back through. */
export async function lastAcceptedPayment(db: DbOrTx, of: { policyId: number } | { reciboId: number }): Promise<Payment | undefined> {
  const whose = "policyId" in of ? eq(payments.policyId, of.policyId) : eq(payments.reciboId, of.reciboId);
  const [last] = await db
    .select()
    .from(payments)
    .where(and(whose, eq(payments.status, "aceptado")))
    .orderBy(desc(payments.id))
    .limit(1);
  return last;
}

/** What has been given back (or is owed by transfer) on the policy, in cents: its refunds (extornos). */
export async function refundedCents(db: DbOrTx, policyId: number): Promise<number> {
  const [refunded] = await db
    .select({ cents: sql<string | null>`sum(${refunds.amountCents})` })
    .from(refunds)
    .where(and(eq(refunds.policyId, policyId), sql`${refunds.status} <> 'rechazado'`));
  return Number(refunded?.cents ?? 0);
}

/** The policyholder's name and e-mail; null when the client is gone. */
export async function clientContact(db: DbOrTx, clientId: number): Promise<{ name: string; email: string | null } | null> {
  const [client] = await db.select({ name: clients.name, email: clients.email }).from(clients).where(eq(clients.id, clientId));
  return client ?? null;
}
