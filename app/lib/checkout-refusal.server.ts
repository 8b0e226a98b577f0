// What a refused checkout says, the same for the visitor's /checkout and staff's phone sale: the
// message of a quote that can no longer be bought, and a refusal's errors placed by its fields.
import { QUOTE_ALREADY_CONTRACTED_MESSAGE, QUOTE_DISCARDED_MESSAGE, QUOTE_EXPIRED_MESSAGE } from "../../api/contract/checkout";
import { splitFormErrors, type FormErrors } from "./api-errors.server";
import { formErrorsFromApi } from "./checkout-form";

/** The API's 409 messages for a quote that can no longer be bought (expired, discarded, bought meanwhile). */
export const CLOSED_QUOTE_MESSAGES: ReadonlySet<string> = new Set([QUOTE_EXPIRED_MESSAGE, QUOTE_DISCARDED_MESSAGE, QUOTE_ALREADY_CONTRACTED_MESSAGE]);

/** Why a quote that is no longer "cotizada" cannot be bought. */
export function closedQuoteMessage(status: string): string {
  if (status === "contratada") return QUOTE_ALREADY_CONTRACTED_MESSAGE;
  if (status === "caducada") return QUOTE_EXPIRED_MESSAGE;
  return QUOTE_DISCARDED_MESSAGE;
}

/**
 * A 400 or 409 of the checkout (a NIF of another account, an idempotency key used elsewhere…):
 * its field errors beside the form's fields, the rest above the form; with none, its message.
 */
export function checkoutRefusalErrors(
  body: { error: string; fieldErrors?: Record<string, string[]> },
  method: Parameters<typeof formErrorsFromApi>[1],
  options: Parameters<typeof formErrorsFromApi>[2],
): FormErrors {
  return splitFormErrors(formErrorsFromApi(body.fieldErrors, method, options), body.error);
}
