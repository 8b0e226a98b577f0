// The /garantias payment form (a suplemento): the guarantees and date chosen in the first step
// come back as hidden fields, the IPID must be accepted, and the payment is a card now or, for a
// policy paid by direct debit, a recibo through its mandate. Checked with the contract's own card
// rules and Spanish messages, then shaped into POST /me/policies/{id}/endorsements's body.
import { z } from "zod";
import { CardPaymentSchema } from "../../api/contract/checkout";
import { ENDORSEMENT_MESSAGES, type EndorsementBodySchema } from "../../api/contract/endorsements";

export const ENDORSEMENT_FORM_ID = "suplemento";

const base = z.object({
  poliza: z.string().regex(/^[1-9]\d{0,9}$/),
  garantia: z.array(z.string().max(60), { required_error: ENDORSEMENT_MESSAGES.guarantees }).min(1, ENDORSEMENT_MESSAGES.guarantees).max(30),
  fecha: z.string().max(10).optional(),
  idempotencyKey: z.string({ required_error: ENDORSEMENT_MESSAGES.idempotencyKey }).uuid(ENDORSEMENT_MESSAGES.idempotencyKey),
  ipid: z
    .boolean({ required_error: ENDORSEMENT_MESSAGES.ipid, invalid_type_error: ENDORSEMENT_MESSAGES.ipid })
    .refine((v) => v, ENDORSEMENT_MESSAGES.ipid),
});

const card = base.extend({
  method: z.literal("card"),
  cardNumber: CardPaymentSchema.shape.cardNumber,
  expiry: CardPaymentSchema.shape.expiry,
  cvc: CardPaymentSchema.shape.cvc,
  cardHolder: CardPaymentSchema.shape.holder,
});
const mandate = base.extend({ method: z.literal("mandate") });

export const EndorsementFormSchema = z.discriminatedUnion("method", [card, mandate], {
  errorMap: (issue, ctx) =>
    issue.code === z.ZodIssueCode.invalid_union_discriminator ? { message: ENDORSEMENT_MESSAGES.paymentMethod } : { message: ctx.defaultError },
});
export type EndorsementFormValue = z.infer<typeof EndorsementFormSchema>;

/** The form's fields as conform sees them. */
export type EndorsementFormShape = {
  poliza: string;
  garantia: string[];
  fecha: string;
  idempotencyKey: string;
  ipid: boolean;
  method: string;
  cardNumber: string;
  expiry: string;
  cvc: string;
  cardHolder: string;
};

export function endorsementBody(value: EndorsementFormValue): z.input<typeof EndorsementBodySchema> {
  return {
    guarantees: value.garantia,
    ...(value.fecha ? { effectiveDate: value.fecha } : {}),
    ipid: true,
    payment:
      value.method === "card"
        ? { method: "card", cardNumber: value.cardNumber, expiry: value.expiry, cvc: value.cvc, holder: value.cardHolder }
        : { method: "mandate" },
    idempotencyKey: value.idempotencyKey,
  };
}

const FORM_FIELDS = new Set(["ipid", "method", "cardNumber", "expiry", "cvc"]);

/** The API's field errors as the form's: `holder` is the card's, the rest (guarantees, date) above the form. */
export function formErrorsFromApi(fieldErrors: Record<string, string[]> | undefined): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [key, messages] of Object.entries(fieldErrors ?? {})) {
    const target = key === "holder" ? "cardHolder" : FORM_FIELDS.has(key) ? key : "";
    out[target] = [...(out[target] ?? []), ...messages];
  }
  return out;
}
