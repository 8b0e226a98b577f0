// The quote a checkout buys (ADR 017, step 1's checks): which quote a buyer may use (a visitor's own,
// or one staff made by phone), the plan and guarantees chosen from its offer and their prices, and
// every check that can refuse the checkout before anything is claimed or charged (./checkout.ts).
import { ApiProblem } from "../http";
import { insuredObjectErrors } from "../domain/insured-object";
import {
  QUOTE_ALREADY_CONTRACTED_MESSAGE,
  QUOTE_DISCARDED_MESSAGE,
  QUOTE_EXPIRED_MESSAGE,
  START_DATE_TOO_EARLY_MESSAGE,
  START_DATE_TOO_LATE_MESSAGE,
  UNDERAGE_POLICYHOLDER_MESSAGE,
  type CheckoutBody,
} from "../contract/checkout";
import { isUuid } from "../contract/ids";
import { QUOTE_NOT_FOUND_MESSAGE } from "../contract/quotes";
import type { Database } from "../db/client";
import { findQuote, hashOwnerToken, type StoredQuote } from "../db/quotes.repo";
import { loadRatingTables } from "../db/rating-tables.repo";
import { CARD_MESSAGES, isExpiryCurrent, parseCardExpiry } from "../domain/card";
import { normalizeOptionalChoice, offerPlan, OfferChoiceError, priceOffer } from "../domain/offer-price";
import { ageOn, madridDate, startDateProblem, startDateRange } from "../domain/calendar";
import type { AdminPrincipal, UserPrincipal } from "../principal";

export const quoteNotFound = () => new ApiProblem(404, QUOTE_NOT_FOUND_MESSAGE);

export type Buyer =
  | {
      kind: "visitor";
      user: UserPrincipal;
      /** X-Quote-Owner of a quote made before signing in and not yet claimed. */
      ownerToken?: string;
    }
  | {
      kind: "staff";
      admin: AdminPrincipal;
      /** The customer's e-mail as given on the phone (the documents go there); without it, the client's. */
      email?: string;
    };

/** Whether the caller may use this quote: its account, or the owner token of an unclaimed quote. */
export function ownsQuote(
  quote: Pick<StoredQuote, "userId" | "ownerTokenHash">,
  userId: number | undefined,
  ownerToken: string | undefined,
): boolean {
  if (quote.userId !== null) return userId !== undefined && quote.userId === userId;
  // An owner token is 43 characters; anything far longer is not one (and is not worth hashing).
  return !!ownerToken && ownerToken.length <= 200 && quote.ownerTokenHash === hashOwnerToken(ownerToken);
}

/** The quote (expired lazily) if the caller may use it; 404 otherwise, as for an id that does not exist. */
export async function findOwnedQuote(db: Database, id: string, caller: { userId?: number; ownerToken?: string }, now: Date): Promise<StoredQuote> {
  if (!isUuid(id)) throw quoteNotFound();
  const quote = await findQuote(db, id.toLowerCase(), now);
  if (!quote || !ownsQuote(quote, caller.userId, caller.ownerToken)) throw quoteNotFound();
  return quote;
}

/** The plan and optional guarantees of the choice, or 400 with the field that is wrong. */
export function chooseFromOffer(quote: StoredQuote, planCode: string, optional: readonly string[]) {
  try {
    const plan = offerPlan(quote.plans, planCode);
    return { plan, optional: normalizeOptionalChoice(plan, optional) };
  } catch (error) {
    if (error instanceof OfferChoiceError) throw new ApiProblem(400, "Datos no válidos", { [error.field]: [error.message] });
    throw error;
  }
}

/** Prices for every frequency of one choice of the quote's offer, with recibos from `startDate`. */
export function priceChoice(
  db: Database,
  quote: StoredQuote,
  plan: ReturnType<typeof chooseFromOffer>["plan"],
  optional: string[],
  startDate: string,
  now: Date,
) {
  return priceOffer(plan, optional, startDate, async () => (await loadRatingTables(db, quote.line, now)).settings);
}

/** 409 unless the quote can still be contracted. */
export function assertContractable(quote: { status: StoredQuote["status"]; validUntil: Date }, now: Date): void {
  if (quote.status === "contratada") throw new ApiProblem(409, QUOTE_ALREADY_CONTRACTED_MESSAGE);
  if (quote.status === "descartada") throw new ApiProblem(409, QUOTE_DISCARDED_MESSAGE);
  if (quote.status === "caducada" || quote.validUntil.getTime() < now.getTime()) throw new ApiProblem(409, QUOTE_EXPIRED_MESSAGE);
}

/** The start date asked for (tomorrow when none), or 400 when it is not between tomorrow and 60 days ahead. */
export function chosenStartDate(startDate: string | undefined, now: Date): string {
  const errors = startDateErrors(startDate, now);
  if (errors) throw new ApiProblem(400, "Datos no válidos", errors);
  return startDate ?? startDateRange(now).earliest;
}

function startDateErrors(startDate: string | undefined, now: Date): Record<string, string[]> | null {
  if (startDate === undefined) return null;
  const problem = startDateProblem(startDate, now);
  if (problem === "too_early") return { startDate: [START_DATE_TOO_EARLY_MESSAGE] };
  if (problem === "too_late") return { startDate: [START_DATE_TOO_LATE_MESSAGE] };
  return null;
}

/**
 * The checks that need the clock or the quote (the contract checks formats): the start date, card
 * expiry, an adult policyholder, and the insured object the line asks for (the car's registration,
 * the dwelling's address in the quote's postal code). Every refusal at once, by field.
 */
export function checkAgainstClockAndQuote(body: CheckoutBody, quote: StoredQuote, now: Date): void {
  const today = madridDate(now);
  const fieldErrors: Record<string, string[]> = {
    ...startDateErrors(body.startDate, now),
    ...insuredObjectErrors(quote.line, quotePostalCode(quote), { registration: body.registration, riskAddress: body.riskAddress }),
  };
  if (body.policyholder.birthDate > today || ageOn(body.policyholder.birthDate, today) < 18) {
    fieldErrors.birthDate = [UNDERAGE_POLICYHOLDER_MESSAGE];
  }
  if (body.payment.method === "card") {
    const expiry = parseCardExpiry(body.payment.expiry);
    if (!expiry || !isExpiryCurrent(expiry, now)) fieldErrors.expiry = [CARD_MESSAGES.expired];
  }
  if (Object.keys(fieldErrors).length) throw new ApiProblem(400, "Datos no válidos", fieldErrors);
}

/** A quote staff made by phone (any staff member may sell it); 404 for any other, as for one that does not exist. */
export async function findStaffQuote(db: Database, id: string, now: Date): Promise<StoredQuote> {
  if (!isUuid(id)) throw quoteNotFound();
  const quote = await findQuote(db, id.toLowerCase(), now);
  if (!quote || quote.madeByAdminId === null) throw quoteNotFound();
  return quote;
}

export function findBuyersQuote(db: Database, id: string, buyer: Buyer, now: Date): Promise<StoredQuote> {
  return buyer.kind === "visitor"
    ? findOwnedQuote(db, id, { userId: buyer.user.id, ownerToken: buyer.ownerToken }, now)
    : findStaffQuote(db, id, now);
}

/** Whether an earlier policy of this idempotency key is this buyer's checkout of this quote. */
export function sameCheckout(existing: { userId: number | null; quoteId: string | null }, quote: StoredQuote, buyer: Buyer): boolean {
  return existing.quoteId === quote.id && (buyer.kind === "staff" || existing.userId === buyer.user.id);
}

/** The postal code the quote was priced for (every line rates one). */
export function quotePostalCode(quote: StoredQuote): string | undefined {
  const code = (quote.inputs as Record<string, unknown>).postalCode;
  return typeof code === "string" ? code : undefined;
}
