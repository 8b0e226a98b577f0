// The "Pagar ahora" form (/mi-poliza/{id}/recibos/{n}/pagar): the checkout's card fields with the
// contract's own card rules and Spanish messages, and the form's idempotency key; shaped into
// POST /me/policies/{id}/recibos/{n}/pay's body.
import { z } from "zod";
import { CardPaymentSchema } from "../../api/contract/checkout";
import { PAY_NOW_FORM_MESSAGES, type PayReciboBodySchema } from "../../api/contract/pay-now";

export const PAY_NOW_FORM_ID = "pagar-recibo";

export const PayNowFormSchema = z.object({
  idempotencyKey: z.string({ required_error: PAY_NOW_FORM_MESSAGES.idempotencyKey }).uuid(PAY_NOW_FORM_MESSAGES.idempotencyKey),
  cardNumber: CardPaymentSchema.shape.cardNumber,
  expiry: CardPaymentSchema.shape.expiry,
  cvc: CardPaymentSchema.shape.cvc,
  cardHolder: CardPaymentSchema.shape.holder,
});
export type PayNowFormValue = z.infer<typeof PayNowFormSchema>;

/** The form's fields as conform sees them. */
export type PayNowFormShape = { idempotencyKey: string; cardNumber: string; expiry: string; cvc: string; cardHolder: string };

export function payNowBody(value: PayNowFormValue): z.input<typeof PayReciboBodySchema> {
  return {
    payment: { method: "card", cardNumber: value.cardNumber, expiry: value.expiry, cvc: value.cvc, holder: value.cardHolder },
    idempotencyKey: value.idempotencyKey,
  };
}
