// Pricing a risk and storing the quote: the one path for a visitor's quote on the web and for a
// quote staff make for a customer on the phone (/admin/policies/new). Same tariffs, same offer.
import type { CreateQuoteBody } from "../contract/quotes";
import type { CatalogueCache } from "../db/catalogue-cache";
import type { AuditWrite } from "../db/audit";
import type { Database } from "../db/client";
import { insertQuote, type StoredQuote } from "../db/quotes.repo";
import { rateQuote } from "../domain/rating";
import { RatingInputError } from "../domain/rating-inputs";
import { vehicleErrors } from "../domain/vehicles";
import { ApiProblem } from "../http";

const DAY_MS = 24 * 60 * 60 * 1000;
export const INVALID_DATA = "Datos no válidos";

/** The input a declined risk is reported on, by the tariff factor that declined it. */
const DECLINE_FIELDS: Record<string, string> = { rent_income_ratio: "monthlyRent" };

export type QuoteOwner = { userId: number | null; ownerTokenHash: string | null; madeByAdminId?: number | null };

/**
 * Rates the risk with the tariff in force and stores the priced offer (valid for the days of
 * quote_validity_days). A risk the tariff declines answers 422 with its reason and stores nothing.
 */
export async function createQuote(
  deps: { db: Database; catalogue: CatalogueCache },
  body: CreateQuoteBody,
  owner: QuoteOwner,
  audit: Pick<AuditWrite, "actorType" | "actorId" | "actorLabel" | "ip">,
  at: Date,
): Promise<StoredQuote> {
  // A new quote names the car from the list (stored quotes may hold the free text of before it).
  if (body.line === "auto") {
    const errors = vehicleErrors(body.inputs);
    if (Object.keys(errors).length > 0) throw new ApiProblem(400, INVALID_DATA, errors);
  }
  const [tables, validityDays] = await Promise.all([deps.catalogue.ratingTables(body.line, at), deps.catalogue.quoteValidityDays(at)]);
  let result;
  try {
    result = rateQuote(body, tables, at);
  } catch (error) {
    if (error instanceof RatingInputError) throw new ApiProblem(400, INVALID_DATA, { [error.field]: [error.message] });
    throw error;
  }
  if (result.status === "declined") {
    const field = DECLINE_FIELDS[result.factor] ?? "_";
    throw new ApiProblem(422, result.reason, { [field]: [result.reason] });
  }
  return insertQuote(deps.db, {
    line: body.line,
    inputs: body.inputs,
    plans: result.plans,
    ...owner,
    createdAt: at,
    validUntil: new Date(at.getTime() + validityDays * DAY_MS),
    audit,
  });
}
