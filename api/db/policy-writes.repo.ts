// The writes of a sale (checkout, phone sale, renewal): locks, policy numbers, the client
// (tomador), the policy and its recibos, the payment, the consents, the quote marked contracted.
import { sql, like, eq } from "drizzle-orm";
import type { Policyholder } from "../contract/checkout";
import type { SalesChannel, ConsentPurpose } from "../contract/vocabulary";
import type { DbOrTx } from "./client";
import {
  policies,
  clients,
  type LineCode,
  type PaymentFrequency,
  type PaymentMethod,
  recibos,
  type PolicyStatus,
  payments,
  consents,
  quotes,
} from "./schema";

// ─── Locks ──────────────────────────────────────────────────────────────────────────────

// Two-key advisory locks (their key space is apart from the one-key locks of migrations and seed).
const LOCK_CHECKOUT_KEY = 40_320;
const LOCK_CLIENT_NIF = 40_321;
const LOCK_POLICY_NUMBER = 40_322;

/** Serialises writes of a client with this NIF (a checkout's upsert, a back-office edit) until the transaction ends. */
export async function lockClientNif(tx: DbOrTx, nif: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_CLIENT_NIF}, hashtext(${nif}))`);
}

/** Serialises checkouts carrying the same idempotency key until the transaction ends. */
export async function lockCheckoutKey(tx: DbOrTx, idempotencyKey: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_CHECKOUT_KEY}, hashtext(${idempotencyKey}))`);
}

// ─── Policy numbers ─────────────────────────────────────────────────────────────────────

export const POLICY_NUMBER_PREFIX = "COT";

export function formatPolicyNumber(year: number, sequence: number): string {
  if (!Number.isSafeInteger(sequence) || sequence < 1 || sequence > 999_999) throw new RangeError(`Policy sequence out of range: ${sequence}`);
  return `${POLICY_NUMBER_PREFIX}-${year}-${String(sequence).padStart(6, "0")}`;
}

/**
 * The next number of the year, COT-YYYY-NNNNNN: the highest of the year plus one. The lock is
 * held until the transaction commits, so two checkouts never take the same number.
 */
export async function nextPolicyNumber(tx: DbOrTx, year: number): Promise<string> {
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_POLICY_NUMBER}, ${year})`);
  const prefix = `${POLICY_NUMBER_PREFIX}-${year}-`;
  const [row] = await tx
    .select({ last: sql<string | null>`max(${policies.number})` })
    .from(policies)
    .where(like(policies.number, `${prefix}%`));
  const last = row?.last ? Number(row.last.slice(prefix.length)) : 0;
  return formatPolicyNumber(year, last + 1);
}

// ─── Client (tomador) ───────────────────────────────────────────────────────────────────

export type ClientOutcome =
  { kind: "created" | "updated"; id: number; userId: number | null; before: Record<string, unknown> | null } | { kind: "other_account" };

/**
 * The client with this NIF, updated with the data just given, or a new one.
 * - On the web (`account`: the visitor's id and e-mail) the client becomes the visitor's; a client
 *   of that NIF held by another account is not touched (the caller refuses the checkout).
 * - By phone (`account` null) the client keeps whatever account it has, and its e-mail unless
 *   staff give one.
 */
/** Whether the NIF is a client of another visitor account than `userId` (upsertClient would refuse it). Reads only. */
export async function nifOfOtherAccount(tx: DbOrTx, nif: string, userId: number): Promise<boolean> {
  const [existing] = await tx.select({ userId: clients.userId }).from(clients).where(eq(clients.nif, nif));
  return !!existing && existing.userId !== null && existing.userId !== userId;
}

export async function upsertClient(
  tx: DbOrTx,
  args: { account: { userId: number; email: string } | null; email?: string | null; holder: Policyholder; at: Date },
): Promise<ClientOutcome> {
  await lockClientNif(tx, args.holder.nif);
  const [existing] = await tx.select().from(clients).where(eq(clients.nif, args.holder.nif));
  const email = args.account?.email ?? args.email ?? existing?.email ?? null;
  const userId = args.account?.userId ?? existing?.userId ?? null;
  // The stage is the client pipeline's (the policy's "emitida" event moves it: api/db/client-stage.repo.ts).
  const values = { ...args.holder, email, userId, updatedAt: args.at };
  if (!existing) {
    const [row] = await tx
      .insert(clients)
      .values({ ...values, createdAt: args.at })
      .returning({ id: clients.id });
    return { kind: "created", id: row!.id, userId, before: null };
  }
  if (args.account && existing.userId !== null && existing.userId !== args.account.userId) return { kind: "other_account" };
  await tx.update(clients).set(values).where(eq(clients.id, existing.id));
  const { name, phone, address, postalCode, city, birthDate } = existing;
  return {
    kind: "updated",
    id: existing.id,
    userId,
    before: {
      name,
      phone,
      address,
      postalCode,
      city,
      birthDate,
      userId: existing.userId,
      ...(existing.email !== email ? { email: existing.email } : {}),
    },
  };
}

// ─── Policy, recibos, payment, consents ──────────────────────────────────────────────────

export type NewPolicyWrite = {
  number: string;
  quoteId: string;
  clientId: number;
  userId: number | null;
  line: LineCode;
  planCode: string;
  startDate: string;
  endDate: string;
  frequency: PaymentFrequency;
  optionalGuarantees: string[];
  risk: Record<string, unknown>;
  premium: { net: number; fractionation: number; consorcio: number; clea: number; ips: number; total: number };
  idempotencyKey: string;
  /** How the later recibos are charged (the provider's mandate; the IBAN for SEPA). */
  payment: { method: PaymentMethod; mandate: string | null; iban: string | null };
  channel: SalesChannel;
  at: Date;
};

export async function insertPolicy(tx: DbOrTx, p: NewPolicyWrite): Promise<number> {
  const [row] = await tx
    .insert(policies)
    .values({
      number: p.number,
      quoteId: p.quoteId,
      clientId: p.clientId,
      userId: p.userId,
      lineCode: p.line,
      planCode: p.planCode,
      status: "pendiente_pago",
      startDate: p.startDate,
      endDate: p.endDate,
      frequency: p.frequency,
      optionalGuarantees: p.optionalGuarantees,
      risk: p.risk,
      netPremiumCents: p.premium.net,
      fractionationSurchargeCents: p.premium.fractionation,
      consorcioCents: p.premium.consorcio,
      cleaCents: p.premium.clea,
      ipsCents: p.premium.ips,
      totalPremiumCents: p.premium.total,
      idempotencyKey: p.idempotencyKey,
      paymentMethod: p.payment.method,
      paymentMandate: p.payment.mandate,
      iban: p.payment.iban,
      channel: p.channel,
      createdAt: p.at,
      updatedAt: p.at,
    })
    .returning({ id: policies.id });
  return row!.id;
}

export async function insertRecibos(
  tx: DbOrTx,
  policyId: number,
  rows: ReadonlyArray<{ sequence: number; dueDate: string; amount: number }>,
  at: Date,
  term = 1,
): Promise<Array<{ id: number; sequence: number }>> {
  return tx
    .insert(recibos)
    .values(rows.map((r) => ({ policyId, term, sequence: r.sequence, dueDate: r.dueDate, amountCents: r.amount, createdAt: at, updatedAt: at })))
    .returning({ id: recibos.id, sequence: recibos.sequence });
}

export async function markReciboPaid(tx: DbOrTx, reciboId: number, at: Date): Promise<void> {
  await tx.update(recibos).set({ status: "cobrado", paidAt: at, updatedAt: at }).where(eq(recibos.id, reciboId));
}

export async function setPolicyStatus(tx: DbOrTx, policyId: number, status: PolicyStatus, at: Date): Promise<void> {
  await tx.update(policies).set({ status, updatedAt: at }).where(eq(policies.id, policyId));
}

export async function insertPayment(
  tx: DbOrTx,
  p: {
    policyId: number;
    reciboId: number | null;
    provider: string;
    method: PaymentMethod;
    methodLabel: string;
    amount: number;
    providerRef: string;
    at: Date;
    /** A refund is a row of its own, `reembolsado`. */
    status?: "aceptado" | "reembolsado";
  },
): Promise<number> {
  const [row] = await tx
    .insert(payments)
    .values({
      policyId: p.policyId,
      reciboId: p.reciboId,
      provider: p.provider,
      method: p.method,
      methodLabel: p.methodLabel,
      amountCents: p.amount,
      status: p.status ?? "aceptado",
      providerRef: p.providerRef,
      createdAt: p.at,
    })
    .returning({ id: payments.id });
  return row!.id;
}

export async function insertConsents(
  tx: DbOrTx,
  c: {
    userId: number | null;
    clientId: number;
    decisions: Record<ConsentPurpose, boolean>;
    /** On the web, the visitor's address; by phone, none and the staff member who recorded them. */
    given: { channel: "web"; ip: string | null } | { channel: "telefono"; recordedByAdminId: number };
    at: Date;
  },
): Promise<void> {
  const given =
    c.given.channel === "web"
      ? { channel: "web", ip: c.given.ip, recordedByAdminId: null }
      : { channel: "telefono", ip: null, recordedByAdminId: c.given.recordedByAdminId };
  await tx
    .insert(consents)
    .values(
      Object.entries(c.decisions).map(([purpose, granted]) => ({ userId: c.userId, clientId: c.clientId, purpose, granted, ...given, at: c.at })),
    );
}

/** The quote bought; its account is the buyer's (an anonymous quote checked out with its owner token becomes the visitor's). */
export async function markQuoteContracted(tx: DbOrTx, quoteId: string, userId: number | null, at: Date): Promise<void> {
  await tx.update(quotes).set({ status: "contratada", userId, sessionId: null, updatedAt: at }).where(eq(quotes.id, quoteId));
}

/** The quote, locked until the transaction ends (two checkouts of one quote run one after the other). */
export async function lockQuote(tx: DbOrTx, quoteId: string) {
  const rows = await tx
    .select({ id: quotes.id, status: quotes.status, userId: quotes.userId, sessionId: quotes.sessionId, validUntil: quotes.validUntil })
    .from(quotes)
    .where(eq(quotes.id, quoteId))
    .for("update");
  return rows[0] ?? null;
}

export async function findPolicyByIdempotencyKey(tx: DbOrTx, key: string) {
  const [row] = await tx
    .select({ id: policies.id, userId: policies.userId, quoteId: policies.quoteId })
    .from(policies)
    .where(eq(policies.idempotencyKey, key));
  return row ?? null;
}
