// Claims of checkouts being charged (ADR 017): taken and released in short transactions, so the
// charge itself runs with no transaction open.
import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "./client";
import { checkoutClaims } from "./schema";

/** How long a claim holds a quote before another request may take it over (a crashed instance's). */
export const CHECKOUT_CLAIM_LEASE_MS = 2 * 60_000;

export type ClaimOutcome =
  /** This request charges: the claim is its own (new, or taken over after the lease). */
  | { kind: "claimed" }
  /** The same checkout (same key) is being charged by another request. */
  | { kind: "same_key_busy" }
  /** Another checkout of the quote (another key) is being charged. */
  | { kind: "other_key_busy" };

/** Call with the quote row locked (lockQuote), inside the transaction that checked it. */
export async function claimCheckout(tx: DbOrTx, quoteId: string, idempotencyKey: string, now: Date): Promise<ClaimOutcome> {
  const [claim] = await tx.select().from(checkoutClaims).where(eq(checkoutClaims.quoteId, quoteId));
  if (claim) {
    const fresh = now.getTime() - claim.claimedAt.getTime() < CHECKOUT_CLAIM_LEASE_MS;
    if (fresh) return { kind: claim.idempotencyKey === idempotencyKey ? "same_key_busy" : "other_key_busy" };
    await tx.update(checkoutClaims).set({ idempotencyKey, claimedAt: now }).where(eq(checkoutClaims.quoteId, quoteId));
    return { kind: "claimed" };
  }
  await tx.insert(checkoutClaims).values({ quoteId, idempotencyKey, claimedAt: now });
  return { kind: "claimed" };
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
