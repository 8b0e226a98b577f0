// The embedded test gateway's own books (api/services/payments.ts, ADR 027): what a real provider
// keeps on its side. One interface, two stores: the `gateway_charges` table (the API's default)
// and memory (unit tests, test gateways built without a database). The books are the provider's,
// not ours: their writes commit on their own, never inside a caller's transaction. A refund may
// give back part of a charge: the charge stays captured with what was refunded so far, and is
// refunded once all of it went back; a refund beyond what is left is refused.
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "./client";
import { gatewayCharges } from "./schema";
import { assertOutsideTransaction } from "./transaction-scope";

export type GatewayEntry = {
  idempotencyKey: string;
  kind: "charge" | "refund";
  method: string;
  amountCents: number;
  providerRef: string;
  /** captured (also when part of it was refunded) or refunded (all of it); succeeded (a refund). */
  status: "captured" | "refunded" | "succeeded";
  /** A charge: how much of it was refunded so far. */
  refundedCents: number;
  /** A refund's charge (its provider reference). */
  refundOf: string | null;
};

type NewCharge = Omit<GatewayEntry, "kind" | "status" | "refundOf" | "refundedCents">;
type NewRefund = Omit<GatewayEntry, "kind" | "status" | "refundedCents">;

/** Thrown inside the refund's transaction to roll it back: the charge has less left than the refund. */
class BeyondCharge extends Error {}

export interface GatewayBooks {
  byKey(idempotencyKey: string): Promise<GatewayEntry | null>;
  byRef(providerRef: string): Promise<GatewayEntry | null>;
  /** Records a new charge unless its key is known; answers what the books keep for the key (a concurrent twin's charge). */
  recordCharge(entry: NewCharge): Promise<GatewayEntry>;
  /**
   * Records a refund unless its key is known and adds it to its charge's refunded amount (the
   * charge is refunded when nothing is left), at once; answers the refund kept for the key, or
   * null when the charge has less left than the refund (nothing recorded).
   */
  recordRefund(entry: NewRefund): Promise<GatewayEntry | null>;
}

const asEntry = (row: typeof gatewayCharges.$inferSelect): GatewayEntry => ({
  idempotencyKey: row.idempotencyKey,
  kind: row.kind as GatewayEntry["kind"],
  method: row.method,
  amountCents: row.amountCents,
  providerRef: row.providerRef,
  status: row.status as GatewayEntry["status"],
  refundOf: row.refundOf,
  refundedCents: row.refundedCents,
});

export class DatabaseGatewayBooks implements GatewayBooks {
  constructor(private readonly db: Database) {}

  async byKey(idempotencyKey: string) {
    const [row] = await this.db.select().from(gatewayCharges).where(eq(gatewayCharges.idempotencyKey, idempotencyKey));
    return row ? asEntry(row) : null;
  }

  async byRef(providerRef: string) {
    const [row] = await this.db.select().from(gatewayCharges).where(eq(gatewayCharges.providerRef, providerRef));
    return row ? asEntry(row) : null;
  }

  async recordCharge(entry: NewCharge) {
    // On PGlite a write from inside a transaction would wait for it forever; on PostgreSQL it would commit while the caller may roll back.
    assertOutsideTransaction("The test gateway's books");
    await this.db
      .insert(gatewayCharges)
      .values({ ...entry, kind: "charge", status: "captured" })
      .onConflictDoNothing({ target: gatewayCharges.idempotencyKey });
    return (await this.byKey(entry.idempotencyKey))!;
  }

  async recordRefund(entry: NewRefund) {
    assertOutsideTransaction("The test gateway's books");
    try {
      await this.db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(gatewayCharges)
          .values({ ...entry, kind: "refund", status: "succeeded" })
          .onConflictDoNothing({ target: gatewayCharges.idempotencyKey })
          .returning({ key: gatewayCharges.idempotencyKey });
        if (!inserted || !entry.refundOf) return;
        // Conditional on what is left, so two refunds of one charge never give back more than it took.
        const refunded = sql`${gatewayCharges.refundedCents} + ${entry.amountCents}`;
        const [charge] = await tx
          .update(gatewayCharges)
          .set({
            refundedCents: refunded,
            status: sql`case when ${refunded} >= ${gatewayCharges.amountCents} then 'refunded' else 'captured' end`,
            updatedAt: sql`now()`,
          })
          .where(
            and(eq(gatewayCharges.providerRef, entry.refundOf), eq(gatewayCharges.kind, "charge"), sql`${refunded} <= ${gatewayCharges.amountCents}`),
          )
          .returning({ key: gatewayCharges.idempotencyKey });
        if (!charge && (await this.known(tx, entry.refundOf))) throw new BeyondCharge();
      });
    } catch (error) {
      if (error instanceof BeyondCharge) return null;
      throw error;
    }
    return (await this.byKey(entry.idempotencyKey))!;
  }

  /** Whether the books keep this charge (a refund of one they never saw is not checked against it). */
  private async known(tx: Pick<Database, "select">, providerRef: string) {
    const rows = await tx.select({ key: gatewayCharges.idempotencyKey }).from(gatewayCharges).where(eq(gatewayCharges.providerRef, providerRef));
    return rows.length > 0;
  }
}

/** The same books in memory. */
export class MemoryGatewayBooks implements GatewayBooks {
  private readonly entries = new Map<string, GatewayEntry>();

  async byKey(idempotencyKey: string) {
    const entry = this.entries.get(idempotencyKey);
    return entry ? { ...entry } : null;
  }

  async byRef(providerRef: string) {
    for (const entry of this.entries.values()) if (entry.providerRef === providerRef) return { ...entry };
    return null;
  }

  async recordCharge(entry: NewCharge) {
    if (!this.entries.has(entry.idempotencyKey))
      this.entries.set(entry.idempotencyKey, { ...entry, kind: "charge", status: "captured", refundOf: null, refundedCents: 0 });
    return (await this.byKey(entry.idempotencyKey))!;
  }

  async recordRefund(entry: NewRefund) {
    if (!this.entries.has(entry.idempotencyKey)) {
      const charge = [...this.entries.values()].find((e) => e.kind === "charge" && e.providerRef === entry.refundOf);
      if (charge) {
        if (charge.refundedCents + entry.amountCents > charge.amountCents) return null;
        charge.refundedCents += entry.amountCents;
        if (charge.refundedCents >= charge.amountCents) charge.status = "refunded";
      }
      this.entries.set(entry.idempotencyKey, { ...entry, kind: "refund", status: "succeeded", refundedCents: 0 });
    }
    return (await this.byKey(entry.idempotencyKey))!;
  }
}
