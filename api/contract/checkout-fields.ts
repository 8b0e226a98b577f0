// Facts about the checkout form's fields without zod: which line asks for what, and which card
// fields never go back to the browser. checkout.ts re-exports them with its schemas; the /checkout
// page's components import this module directly so that zod stays out of its first load (ADR 008:
// the validator is loaded on the form's first use).
export { holderElsewhereMessage, INSURED_OBJECT, SAME_ADDRESS_OFFERED } from "../domain/insured-object";

/** The card fields never sent back to the browser after a failed submission (checkout, suplementos). */
export const CARD_SECRET_FIELDS = ["cardNumber", "cvc"] as const;
