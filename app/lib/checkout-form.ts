// The /checkout form: one flat set of fields (so it works without JavaScript, both payment groups
// rendered and the radio deciding), checked with the contract's own rules and Spanish messages,
// then shaped into the API's CheckoutBody. The API's field errors come keyed by field name
// (nif, cardNumber, holder…); `holder` belongs to whichever payment group was chosen.
//
// The insured object depends on the line (a hidden `line` field says which): the car's
// `registration`, or the dwelling's `riskAddress.*` (its postal code is the quote's, read-only),
// which for a home may be "La misma que la del tomador" (`riskSameAsHolder`): then the
// policyholder's address is sent as the dwelling's. Those checks run before the rest of the
// schema (a preprocess step), so that their errors show with every other field's at once.
import { z } from "zod";
import {
  CardPaymentSchema,
  CHECKOUT_MESSAGES,
  ConsentsSchema,
  holderElsewhereMessage,
  INSURED_OBJECT,
  PolicyholderSchema,
  RegistrationSchema,
  RiskAddressSchema,
  SAME_ADDRESS_OFFERED,
  SepaPaymentSchema,
  StartDateSchema,
  type CheckoutBodySchema,
} from "../../api/contract/checkout";
import { StaffCheckoutBodySchema } from "../../api/contract/admin-policies";
import { FREQUENCIES, LINES, type Line, type PaymentMethod } from "../../api/contract/vocabulary";
import { typedDateToIso } from "../../api/contract/typed-date";

const mustTick = (message: string) => z.boolean({ required_error: message, invalid_type_error: message }).refine((value) => value, message);

const base = z.object({
  plan: z.string({ required_error: CHECKOUT_MESSAGES.plan }).min(1, CHECKOUT_MESSAGES.plan).max(60, CHECKOUT_MESSAGES.plan),
  extras: z.array(z.string().max(60)).max(30).default([]),
  frequency: z.enum(FREQUENCIES, { errorMap: () => ({ message: CHECKOUT_MESSAGES.frequency }) }),
  idempotencyKey: z.string({ required_error: CHECKOUT_MESSAGES.idempotencyKey }).uuid(CHECKOUT_MESSAGES.idempotencyKey),
  line: z.enum(LINES),
  // Typed as dd/mm/aaaa (or d/m/aaaa, aaaa-mm-dd); checked and sent as ISO.
  startDate: z.preprocess(typedDateToIso, StartDateSchema),
  // Checked per line by insuredObjectIssues (below); the API checks them again.
  registration: z.string().optional(),
  riskSameAsHolder: z.boolean().default(false),
  riskAddress: z
    .object({ street: z.string().optional(), door: z.string().optional(), postalCode: z.string().optional(), city: z.string().optional() })
    .default({}),
  ...PolicyholderSchema.shape,
  birthDate: z.preprocess(typedDateToIso, PolicyholderSchema.shape.birthDate),
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

const byMethod = z.discriminatedUnion("method", [card, sepa], {
  errorMap: (issue, ctx) =>
    issue.code === z.ZodIssueCode.invalid_union_discriminator ? { message: CHECKOUT_MESSAGES.paymentMethod } : { message: ctx.defaultError },
});

const blank = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);
const ticked = (value: unknown) => value === true || value === "on";
const isLine = (value: unknown): value is Line => (LINES as readonly unknown[]).includes(value);

/** The insured object's errors for the raw form values (strings as typed, "on" for a ticked box). */
function insuredObjectIssues(raw: unknown): Array<{ path: (string | number)[]; message: string }> {
  if (typeof raw !== "object" || raw === null) return [];
  const input = raw as Record<string, unknown>;
  if (!isLine(input.line)) return [];
  if (INSURED_OBJECT[input.line] === "registration") {
    const result = RegistrationSchema.safeParse(blank(input.registration));
    return result.success ? [] : [{ path: ["registration"], message: result.error.issues[0]!.message }];
  }
  const address = (typeof input.riskAddress === "object" && input.riskAddress !== null ? input.riskAddress : {}) as Record<string, unknown>;
  if (SAME_ADDRESS_OFFERED[input.line] && ticked(input.riskSameAsHolder)) {
    const holderCode = typeof input.postalCode === "string" ? input.postalCode.trim() : "";
    const quoteCode = typeof address.postalCode === "string" ? address.postalCode.trim() : "";
    return /^\d{5}$/.test(holderCode) && quoteCode && holderCode !== quoteCode
      ? [{ path: ["riskSameAsHolder"], message: holderElsewhereMessage(holderCode, quoteCode) }]
      : [];
  }
  const result = RiskAddressSchema.safeParse({
    street: blank(address.street),
    door: blank(address.door),
    postalCode: blank(address.postalCode),
    city: blank(address.city),
  });
  return result.success ? [] : result.error.issues.map((issue) => ({ path: ["riskAddress", ...issue.path], message: issue.message }));
}

export const CheckoutFormSchema = z.preprocess((raw, ctx) => {
  for (const issue of insuredObjectIssues(raw)) ctx.addIssue({ code: z.ZodIssueCode.custom, ...issue });
  return raw;
}, byMethod);
export type CheckoutFormValue = z.infer<typeof CheckoutFormSchema>;

/** Staff selling by phone (/admin/policies/new): the same form, plus the customer's e-mail for the documents (optional). */
export const StaffCheckoutFormSchema = z.intersection(CheckoutFormSchema, z.object({ email: StaffCheckoutBodySchema.shape.email }));
export type StaffCheckoutFormValue = z.infer<typeof StaffCheckoutFormSchema>;

/** The form's fields as conform sees them (every input is a string, or a list for extras). */
export type CheckoutFormShape = {
  plan: string;
  extras: string[];
  frequency: string;
  idempotencyKey: string;
  line: string;
  startDate: string;
  registration: string;
  riskSameAsHolder: boolean;
  riskAddress: { street: string; door: string; postalCode: string; city: string };
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
  /** Staff only: the customer's e-mail. */
  email: string;
};

/** The insured object as the API takes it: the line's own, the dwelling's address possibly the policyholder's. */
function insuredObject(value: CheckoutFormValue): Pick<z.input<typeof CheckoutBodySchema>, "registration" | "riskAddress"> {
  if (INSURED_OBJECT[value.line] === "registration") return { registration: value.registration };
  const postalCode = value.riskAddress.postalCode ?? "";
  if (SAME_ADDRESS_OFFERED[value.line] && value.riskSameAsHolder) return { riskAddress: { street: value.address, postalCode, city: value.city } };
  const { street = "", door, city = "" } = value.riskAddress;
  return { riskAddress: { street, ...(door ? { door } : {}), postalCode, city } };
}

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
    startDate: value.startDate,
    ...insuredObject(value),
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
  "startDate",
  "registration",
  "riskAddress.street",
  "riskAddress.door",
  "riskAddress.postalCode",
  "riskAddress.city",
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
  "email",
  ...Object.keys(ConsentsSchema.shape),
]);

/**
 * The API's field errors as the form's: `holder` goes to the chosen group's holder, the dwelling's
 * address to "La misma que la del tomador" when that was ticked (its fields were not sent as typed),
 * `optionalGuarantees` and unknown keys to the form as a whole (under the key "" conform reads as form errors).
 */
export function formErrorsFromApi(
  fieldErrors: Record<string, string[]> | undefined,
  method: PaymentMethod,
  options: { sameAsHolder?: boolean } = {},
): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [key, messages] of Object.entries(fieldErrors ?? {})) {
    const target =
      key === "holder"
        ? method === "card"
          ? "cardHolder"
          : "sepaHolder"
        : options.sameAsHolder && key.startsWith("riskAddress.")
          ? "riskSameAsHolder"
          : FORM_FIELDS.has(key)
            ? key
            : "";
    out[target] = [...(out[target] ?? []), ...messages];
  }
  return out;
}
