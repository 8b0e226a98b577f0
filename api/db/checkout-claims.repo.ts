// Claims of checkouts being charged (ADR 017): taken and released in short transactions, so the
// charge itself runs with no transaction open. A claim names the request that holds it (its
// process and token, api/db/leases.ts), which writes its heartbeat while it charges and writes.
import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "./client";
import { abandonedHere, type LeaseToken } from "./leases";
import { checkoutClaims, type CheckoutClaim } from "./schema";

/** How often the request that holds a claim says it is alive. */
export const CHECKOUT_HEARTBEAT_MS = 5_000;
/**
 * A claim whose heartbeat is this old has lost its request (its process died, or the request
 * ended without letting go because the database was away): the same key may take it over. The
 * same key is the same charge at the provider, so a takeover can never charge twice.
 */
export const CHECKOUT_CLAIM_STALE_MS = 3 * CHECKOUT_HEARTBEAT_MS;
/**
 * How long another key waits before taking over a claim whose heartbeat stopped: that key would
 * be a second charge if the first went through, so it waits the old, long lease.
 */
export const CHECKOUT_CLAIM_LEASE_MS = 2 * 60_000;

export type ClaimOutcome =
  /** This request charges: the claim is its own (new, or taken over from a request that is gone). */
  | { kind: "claimed" }
  /** The same checkout (same key) is being charged by another request that is still alive. */
  | { kind: "same_key_busy" }
  /** Another checkout of the quote (another key) is being charged. */
  | { kind: "other_key_busy" };

type ClaimRow = Pick<CheckoutClaim, "idempotencyKey" | "claimedAt" | "holder" | "lease" | "heartbeatAt">;

/** Whether a request with `idempotencyKey` may take `claim` over at `now` (see the constants). */
export function mayTakeOver(claim: ClaimRow, idempotencyKey: string, now: Date): boolean {
  const age = now.getTime() - (claim.heartbeatAt ?? claim.claimedAt).getTime();
  if (claim.idempotencyKey !== idempotencyKey) return age >= CHECKOUT_CLAIM_LEASE_MS;
  return age >= CHECKOUT_CLAIM_STALE_MS || abandonedHere(claim.holder, claim.lease);
}

/** Call with the quote row locked (lockQuote), inside the transaction that checked it. */
export async function claimCheckout(tx: DbOrTx, quoteId: string, idempotencyKey: string, lease: LeaseToken, now: Date): Promise<ClaimOutcome> {
  const mine = { idempotencyKey, claimedAt: now, holder: lease.holder, lease: lease.token, heartbeatAt: now };
  const claim = await readCheckoutClaim(tx, quoteId);
  if (claim) {
    if (!mayTakeOver(claim, idempotencyKey, now)) return { kind: claim.idempotencyKey === idempotencyKey ? "same_key_busy" : "other_key_busy" };
    await tx.update(checkoutClaims).set(mine).where(eq(checkoutClaims.quoteId, quoteId));
    return { kind: "claimed" };
  }
  await tx.insert(checkoutClaims).values({ quoteId, ...mine });
  return { kind: "claimed" };
}

export async function readCheckoutClaim(db: DbOrTx, quoteId: string): Promise<CheckoutClaim | null> {
  const [claim] = await db.select().from(checkoutClaims).where(eq(checkoutClaims.quoteId, quoteId));
  return claim ?? null;
}

/** The holder's heartbeat; nothing when the claim is no longer this request's. */
export async function heartbeatCheckoutClaim(db: DbOrTx, quoteId: string, lease: LeaseToken, now: Date): Promise<void> {
  await db
    .update(checkoutClaims)
    .set({ heartbeatAt: now })
    .where(and(eq(checkoutClaims.quoteId, quoteId), eq(checkoutClaims.lease, lease.token)));
}

/** Whether this key still holds the quote's claim. */
export async function holdsCheckoutClaim(tx: DbOrTx, quoteId: string, idempotencyKey: string): Promise<boolean> {
  const [claim] = await tx
    .select({ quoteId: checkoutClaims.quoteId })
    .from(checkoutClaims)
    .where(and(eq(checkoutClaims.quoteId, quoteId), eq(checkoutClaims.idempotencyKey, idempotencyKey)));
  return !!claim;
}

/** Releases the claim of this key (a declined charge, a failure, or the policy written). */
export async function releaseCheckoutClaim(tx: DbOrTx, quoteId: string, idempotencyKey: string): Promise<void> {
  await tx.delete(checkoutClaims).where(and(eq(checkoutClaims.quoteId, quoteId), eq(checkoutClaims.idempotencyKey, idempotencyKey)));
}
