// The embedded test gateway's own books (api/services/payments.ts, ADR 027): what a real provider
// keeps on its side. One interface, two stores: the `gateway_charges` table (the API's default)
// and memory (unit tests, test gateways built without a database). The books are the provider's,
// not ours: their writes commit on their own, never inside a caller's transaction.
import { eq, sql } from "drizzle-orm";
import type { Database } from "./client";
import { gatewayCharges } from "./schema";
import { assertOutsideTransaction } from "./transaction-scope";

export type GatewayEntry = {
  idempotencyKey: string;
  kind: "charge" | "refund";
  method: string;
  amountCents: number;
  providerRef: string;
  /** captured or refunded (a charge); succeeded (a refund). */
  status: "captured" | "refunded" | "succeeded";
  /** A refund's charge (its provider reference). */
  refundOf: string | null;
};

export interface GatewayBooks {
  byKey(idempotencyKey: string): Promise<GatewayEntry | null>;
  byRef(providerRef: string): Promise<GatewayEntry | null>;
  /** Records a new charge unless its key is known; answers what the books keep for the key (a concurrent twin's charge). */
  recordCharge(entry: Omit<GatewayEntry, "kind" | "status" | "refundOf">): Promise<GatewayEntry>;
  /** Records a refund unless its key is known and marks its charge refunded, at once; answers the refund kept for the key. */
  recordRefund(entry: Omit<GatewayEntry, "kind" | "status">): Promise<GatewayEntry>;
}

const asEntry = (row: typeof gatewayCharges.$inferSelect): GatewayEntry => ({
  idempotencyKey: row.idempotencyKey,
  kind: row.kind as GatewayEntry["kind"],
  method: row.method,
  amountCents: row.amountCents,
  providerRef: row.providerRef,
  status: row.status as GatewayEntry["status"],
  refundOf: row.refundOf,
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

  async recordCharge(entry: Omit<GatewayEntry, "kind" | "status" | "refundOf">) {
    // On PGlite a write from inside a transaction would wait for it forever; on PostgreSQL it would commit while the caller may roll back.
    assertOutsideTransaction("The test gateway's books");
    await this.db
      .insert(gatewayCharges)
      .values({ ...entry, kind: "charge", status: "captured" })
      .onConflictDoNothing({ target: gatewayCharges.idempotencyKey });
    return (await this.byKey(entry.idempotencyKey))!;
  }

  async recordRefund(entry: Omit<GatewayEntry, "kind" | "status">) {
    assertOutsideTransaction("The test gateway's books");
    await this.db.transaction(async (tx) => {
      await tx
        .insert(gatewayCharges)
        .values({ ...entry, kind: "refund", status: "succeeded" })
        .onConflictDoNothing({ target: gatewayCharges.idempotencyKey });
      if (entry.refundOf) {
        await tx
          .update(gatewayCharges)
          .set({ status: "refunded", updatedAt: sql`now()` })
          .where(eq(gatewayCharges.providerRef, entry.refundOf));
      }
    });
    return (await this.byKey(entry.idempotencyKey))!;
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

  async recordCharge(entry: Omit<GatewayEntry, "kind" | "status" | "refundOf">) {
    if (!this.entries.has(entry.idempotencyKey))
      this.entries.set(entry.idempotencyKey, { ...entry, kind: "charge", status: "captured", refundOf: null });
    return (await this.byKey(entry.idempotencyKey))!;
  }

  async recordRefund(entry: Omit<GatewayEntry, "kind" | "status">) {
    if (!this.entries.has(entry.idempotencyKey)) this.entries.set(entry.idempotencyKey, { ...entry, kind: "refund", status: "succeeded" });
    for (const charge of this.entries.values()) if (charge.kind === "charge" && charge.providerRef === entry.refundOf) charge.status = "refunded";
    return (await this.byKey(entry.idempotencyKey))!;
  }
}
