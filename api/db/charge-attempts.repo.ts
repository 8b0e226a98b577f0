// Charge attempts (ADR 027): every charge at the payment provider is recorded, committed, before
// the provider is called, under its own key; its outcome is written after. Moves between statuses
// are conditional updates, so two hands (a request and the recovery sweep) never both win.
import { and, desc, eq, gt, inArray, lte, sql } from "drizzle-orm";
import type { DbOrTx } from "./client";
import { chargeAttempts, type ChargeAttempt } from "./schema";

export type AttemptStatus = "iniciado" | "capturado" | "registrado" | "reembolsado" | "rechazado";
export type ChargePurpose = "checkout" | "recibo" | "pago_cliente" | "suplemento";
export type NewAttempt = Pick<ChargeAttempt, "subject" | "attempt" | "providerKey" | "amountCents"> & {
  purpose: ChargePurpose;
  policyId?: number | null;
  reciboId?: number | null;
  requestKey?: string | null;
};

/** The subject's last attempt (the highest number), or null. */
export async function latestAttempt(db: DbOrTx, subject: string): Promise<ChargeAttempt | null> {
  const [row] = await db.select().from(chargeAttempts).where(eq(chargeAttempts.subject, subject)).orderBy(desc(chargeAttempts.attempt)).limit(1);
  return row ?? null;
}

export async function attemptByKey(db: DbOrTx, providerKey: string): Promise<ChargeAttempt | null> {
  const [row] = await db.select().from(chargeAttempts).where(eq(chargeAttempts.providerKey, providerKey));
  return row ?? null;
}

/** The subject's attempt made for the request `requestKey` ("Pagar ahora"'s form key) that a payment records, or null. */
export async function registeredAttemptOfRequest(db: DbOrTx, subject: string, requestKey: string): Promise<ChargeAttempt | null> {
  const [row] = await db
    .select()
    .from(chargeAttempts)
    .where(and(eq(chargeAttempts.subject, subject), eq(chargeAttempts.requestKey, requestKey), eq(chargeAttempts.status, "registrado")))
    .orderBy(desc(chargeAttempts.attempt))
    .limit(1);
  return row ?? null;
}

/** Whether the subject has an open attempt (iniciado or capturado) younger than `ageMs` by the database's clock: its request is still running. */
export async function hasAttemptInFlight(db: DbOrTx, subject: string, ageMs: number): Promise<boolean> {
  const rows = await db
    .select({ id: chargeAttempts.id })
    .from(chargeAttempts)
    .where(
      and(
        eq(chargeAttempts.subject, subject),
        inArray(chargeAttempts.status, ["iniciado", "capturado"]),
        gt(chargeAttempts.updatedAt, sql`now() - ${ageMs} * interval '1 millisecond'`),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Inserts the attempt unless its key (or its subject's number) is taken; answers the row of the key, or null when the number went to another key. */
export async function insertAttempt(db: DbOrTx, attempt: NewAttempt): Promise<ChargeAttempt | null> {
  await db.insert(chargeAttempts).values(attempt).onConflictDoNothing();
  return attemptByKey(db, attempt.providerKey);
}

/** Moves the attempt to `to` if it is in one of `from`; whether it moved. */
export async function moveAttempt(
  db: DbOrTx,
  providerKey: string,
  from: AttemptStatus[],
  to: AttemptStatus,
  patch: { providerRef?: string | null; failureReason?: string | null; policyId?: number; reciboId?: number } = {},
): Promise<boolean> {
  const moved = await db
    .update(chargeAttempts)
    .set({ status: to, ...patch, updatedAt: sql`now()` })
    .where(and(eq(chargeAttempts.providerKey, providerKey), inArray(chargeAttempts.status, from)))
    .returning({ id: chargeAttempts.id });
  return moved.length > 0;
}

/** Attempts left open (iniciado or capturado) for at least `ageMs` by the database's clock (the one that stamped them): their request is gone. */
export async function openAttemptsOlderThan(db: DbOrTx, ageMs: number): Promise<ChargeAttempt[]> {
  return db
    .select()
    .from(chargeAttempts)
    .where(
      and(inArray(chargeAttempts.status, ["iniciado", "capturado"]), lte(chargeAttempts.updatedAt, sql`now() - ${ageMs} * interval '1 millisecond'`)),
    )
    .orderBy(chargeAttempts.id);
}
