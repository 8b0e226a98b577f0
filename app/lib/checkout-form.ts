// The /checkout form: one flat set of fields (so it works without JavaScript, both payment groups
// rendered and the radio deciding), checked with the contract's own rules and Spanish messages,
// then shaped into the API's CheckoutBody. The API's field errors come keyed by field name
// (nif, cardNumber, holder…); `holder` belongs to whichever payment group was chosen.
import { z } from "zod";
import {
  CardPaymentSchema,
  CHECKOUT_MESSAGES,
  ConsentsSchema,
  PolicyholderSchema,
  SepaPaymentSchema,
  type CheckoutBodySchema,
} from "../../api/contract/checkout";
import { FREQUENCIES, type PaymentMethod } from "../../api/contract/vocabulary";


/** Never sent back to the browser after a failed submission. */
export const SECRET_FIELDS = ["cardNumber", "cvc"] as const;

const mustTick = (message: string) =>
  z.boolean({ required_error: message, invalid_type_error: message }).refine((value) => value, message);

const base = z.object({
  plan: z.string({ required_error: CHECKOUT_MESSAGES.plan }).min(1, CHECKOUT_MESSAGES.plan).max(60, CHECKOUT_MESSAGES.plan),
  extras: z.array(z.string().max(60)).max(30).default([]),
  frequency: z.enum(FREQUENCIES, { errorMap: () => ({ message: CHECKOUT_MESSAGES.frequency }) }),
  idempotencyKey: z.string({ required_error: CHECKOUT_MESSAGES.idempotencyKey }).uuid(CHECKOUT_MESSAGES.idempotencyKey),
  ...PolicyholderSchema.shape,
  terms: mustTick(CHECKOUT_MESSAGES.terms),
  privacy: mustTick(CHECKOUT_MESSAGES.privacy),
  ipid: mustTick(CHECKOUT_MESSAGES.ipid),
  // Optional and separate: unticked (absent) means no.
  marketing: z.boolean().default(false),
});

const card = base.extend({
  method: z.literal("card"),
  cardNumber: CardPaymentSchema.shape.cardNumber,
  expiry: CardPaymentSchema.shape.expiry,
  cvc: CardPaymentSchema.shape.cvc,
  cardHolder: CardPaymentSchema.shape.holder,
});

const sepa = base.extend({
  method: z.literal("sepa"),
  iban: SepaPaymentSchema.shape.iban,
  sepaHolder: SepaPaymentSchema.shape.holder,
});

export const CheckoutFormSchema = z.discriminatedUnion("method", [card, sepa], {
  errorMap: (issue, ctx) =>
    issue.code === z.ZodIssueCode.invalid_union_discriminator ? { message: CHECKOUT_MESSAGES.paymentMethod } : { message: ctx.defaultError },
});
export type CheckoutFormValue = z.infer<typeof CheckoutFormSchema>;

/** The form's fields as conform sees them (every input is a string, or a list for extras). */
export type CheckoutFormShape = {
  plan: string;
  extras: string[];
  frequency: string;
  idempotencyKey: string;
  name: string;
  nif: string;
  birthDate: string;
  phone: string;
  address: string;
  postalCode: string;
  city: string;
  method: string;
  cardNumber: string;
  expiry: string;
  cvc: string;
  cardHolder: string;
  iban: string;
  sepaHolder: string;
  terms: boolean;
  privacy: boolean;
  ipid: boolean;
  marketing: boolean;
};

/** POST /quotes/{id}/checkout's body from a valid form. */
export function checkoutBody(value: CheckoutFormValue): z.input<typeof CheckoutBodySchema> {
  const payment =
    value.method === "card"
      ? { method: "card" as const, cardNumber: value.cardNumber, expiry: value.expiry, cvc: value.cvc, holder: value.cardHolder }
      : { method: "sepa" as const, iban: value.iban, holder: value.sepaHolder };
  return {
    plan: value.plan,
    optionalGuarantees: value.extras,
    frequency: value.frequency,
    policyholder: {
      name: value.name,
      nif: value.nif,
      birthDate: value.birthDate,
      phone: value.phone,
      address: value.address,
      postalCode: value.postalCode,
      city: value.city,
    },
    payment,
    consents: { terms: true, privacy: true, ipid: true, marketing: value.marketing },
    idempotencyKey: value.idempotencyKey,
  };
}

const FORM_FIELDS = new Set<string>([
  "plan",
  "frequency",
  "name",
  "nif",
  "birthDate",
  "phone",
  "address",
  "postalCode",
  "city",
  "method",
  "cardNumber",
  "expiry",
  "cvc",
  "iban",
  ...Object.keys(ConsentsSchema.shape),
]);

/**
 * The API's field errors as the form's: `holder` goes to the chosen group's holder, `optionalGuarantees`
 * and unknown keys to the form as a whole (under the key "" conform reads as form errors).
 */
export function formErrorsFromApi(fieldErrors: Record<string, string[]> | undefined, method: PaymentMethod): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [key, messages] of Object.entries(fieldErrors ?? {})) {
    const target = key === "holder" ? (method === "card" ? "cardHolder" : "sepaHolder") : FORM_FIELDS.has(key) ? key : "";
    out[target] = [...(out[target] ?? []), ...messages];
  }
  return out;
}
