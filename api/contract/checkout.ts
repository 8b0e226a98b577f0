// Requests and answers of pricing a choice and checking out a quote (/quotes/{id}/price,
// /quotes/{id}/checkout). Shared with app/: the same rules and Spanish messages on both halves.
//
// Field errors of a checkout are keyed by the field's own name, not its path: "nif", "cardNumber",
// "iban", "terms" (not "policyholder.nif"), which is what the /checkout form calls its fields.
// The insured dwelling's address is the one group the form names as such ("riskAddress.street",
// "riskAddress.postalCode"…), since its fields share their names with the policyholder's.
import { z } from "zod";
import { MAX_START_DAYS_AHEAD } from "../domain/calendar";
import { isValidCardNumber, isValidCvc, normalizeCardNumber, parseCardExpiry, CARD_MESSAGES } from "../domain/card";
import { INSURED_OBJECT_MESSAGES } from "../domain/insured-object";
import { isValidRegistration, normalizeRegistration } from "../domain/registration";
import { IBAN_ERROR, normalizeIban, validateIban } from "../domain/iban";
import { NIF_ERROR, normalizeNif, validateNif } from "../domain/nif";
import { isValidPhone, normalizePhone } from "../domain/phone";

export { isValidPhone, normalizePhone } from "../domain/phone";
import { isIsoDate } from "./quotes";
import { FREQUENCIES } from "./vocabulary";
import { documented, named } from "./openapi-meta";
import { InsurerSchema } from "./site";

export const QUOTE_EXPIRED_MESSAGE = "La cotización ha caducado. Vuelva a cotizar para obtener un precio actualizado.";
export const QUOTE_ALREADY_CONTRACTED_MESSAGE = "Esta cotización ya se ha contratado. Puede ver su póliza en Mi póliza.";
export const CHECKOUT_IN_PROGRESS_MESSAGE =
  "Esta cotización se está contratando en este momento. Espere unos segundos y consulte Mi póliza antes de intentarlo de nuevo.";
export const QUOTE_DISCARDED_MESSAGE = "Esta cotización se ha descartado. Vuelva a cotizar para contratar.";
export const PAYMENT_DECLINED_MESSAGE = "El pago ha sido rechazado. Revise los datos de la tarjeta o pruebe con otro medio de pago.";
export const IDEMPOTENCY_KEY_REUSED_MESSAGE = "Esta operación ya se usó para otra contratación. Recargue la página e inténtelo de nuevo.";
export const NIF_OTHER_ACCOUNT_MESSAGE =
  "Este NIF/NIE ya figura como tomador en otra cuenta. Inicie sesión con esa cuenta o póngase en contacto con nosotros.";
export const UNDERAGE_POLICYHOLDER_MESSAGE = "El tomador debe ser mayor de edad";
export const START_DATE_TOO_EARLY_MESSAGE = "La fecha de efecto debe ser a partir de mañana";
export const START_DATE_TOO_LATE_MESSAGE = `La fecha de efecto no puede ser posterior a ${MAX_START_DAYS_AHEAD} días desde hoy`;

export const CHECKOUT_MESSAGES = {
  plan: "Elija un plan",
  frequency: "Elija una forma de pago",
  optionalGuarantees: "Las garantías opcionales no son válidas",
  startDate: "Introduzca una fecha de efecto válida (dd/mm/aaaa)",
  name: "Indique el nombre y los apellidos del tomador",
  nameTooLong: "El nombre no puede superar 120 caracteres",
  nif: NIF_ERROR,
  birthDate: "Introduzca una fecha de nacimiento válida (dd/mm/aaaa)",
  phone: "Introduzca un teléfono válido",
  address: "Indique la dirección",
  addressTooLong: "La dirección no puede superar 200 caracteres",
  postalCode: "Introduzca un código postal de 5 cifras",
  postalCodeProvince: "El código postal no corresponde a ninguna provincia española",
  city: "Indique la población",
  cityTooLong: "La población no puede superar 100 caracteres",
  paymentMethod: "Elija un medio de pago",
  cardNumber: CARD_MESSAGES.number,
  expiry: CARD_MESSAGES.expiry,
  cvc: CARD_MESSAGES.cvc,
  holder: "Indique el titular",
  iban: IBAN_ERROR,
  terms: "Debe aceptar las condiciones de contratación",
  privacy: "Debe aceptar la política de privacidad",
  ipid: "Debe confirmar que ha leído el documento de información del producto (IPID)",
  marketing: "Indique si acepta recibir comunicaciones comerciales",
  idempotencyKey: "Falta el identificador de la operación. Recargue la página e inténtelo de nuevo.",
} as const;

/** The messages of the insured object's fields (registration, the dwelling's address). */
export const INSURED_MESSAGES = INSURED_OBJECT_MESSAGES;
// Which line asks for what, and the card fields never sent back: shared with the /checkout form.
export { CARD_SECRET_FIELDS, holderElsewhereMessage, INSURED_OBJECT, SAME_ADDRESS_OFFERED } from "./checkout-fields";

const text = (required: string, max: number, tooLong: string) =>
  z.string({ required_error: required, invalid_type_error: required }).trim().min(1, required).max(max, tooLong);

const PlanCodeSchema = z
  .string({ required_error: CHECKOUT_MESSAGES.plan, invalid_type_error: CHECKOUT_MESSAGES.plan })
  .trim()
  .min(1, CHECKOUT_MESSAGES.plan)
  .max(60, CHECKOUT_MESSAGES.plan)
  .describe("Código del plan elegido (de los planes de la cotización)");

const FrequencySchema = z
  .enum(FREQUENCIES, { errorMap: () => ({ message: CHECKOUT_MESSAGES.frequency }) })
  .describe("Forma de pago: anual, semestral, trimestral o mensual");

const OptionalGuaranteesSchema = z
  .array(z.string({ invalid_type_error: CHECKOUT_MESSAGES.optionalGuarantees }).max(60, CHECKOUT_MESSAGES.optionalGuarantees), {
    invalid_type_error: CHECKOUT_MESSAGES.optionalGuarantees,
  })
  .max(30, CHECKOUT_MESSAGES.optionalGuarantees)
  .default([])
  .describe("Códigos de las garantías opcionales que se añaden al plan");

/** The start date's format; its bounds (tomorrow to 60 days ahead) depend on the clock and are the API's. */
export const StartDateSchema = documented(
  z
    .string({ required_error: CHECKOUT_MESSAGES.startDate, invalid_type_error: CHECKOUT_MESSAGES.startDate })
    .trim()
    .refine(isIsoDate, CHECKOUT_MESSAGES.startDate),
  { format: "date" },
);

const OptionalStartDateSchema = StartDateSchema.optional().describe(
  `Fecha de efecto (aaaa-mm-dd), desde mañana hasta ${MAX_START_DAYS_AHEAD} días después de hoy (en España); sin ella, mañana`,
);

// ─── POST /quotes/{id}/price ───────────────────────────────────────────────────────────

export const PriceChoiceBodySchema = z.object({
  plan: PlanCodeSchema,
  optionalGuarantees: OptionalGuaranteesSchema,
  frequency: FrequencySchema,
  startDate: OptionalStartDateSchema,
});
export type PriceChoiceBody = z.infer<typeof PriceChoiceBodySchema>;

const ReciboPriceSchema = z.object({
  sequence: z.number().int(),
  dueDate: z.string().describe("Fecha de cargo (aaaa-mm-dd)"),
  amount: z.number().int().describe("Céntimos"),
});

/** One price in cents: total = net + fractionation + consorcio + clea + ips = Σ recibos. */
export const BreakdownSchema = z.object({
  net: z.number().int().describe("Prima neta"),
  fractionation: z.number().int().describe("Recargo por fraccionamiento"),
  consorcio: z.number().int().describe("Recargo del Consorcio de Compensación de Seguros"),
  clea: z.number().int().describe("Recargo CLEA"),
  ips: z.number().int().describe("Impuesto sobre las primas de seguros"),
  total: z.number().int().describe("Prima total"),
  recibos: z.array(ReciboPriceSchema),
});
export type BreakdownAnswer = z.infer<typeof BreakdownSchema>;

export const PriceChoiceAnswerSchema = z.object({
  plan: z.string(),
  optionalGuarantees: z.array(z.string()).describe("Las garantías opcionales del precio, sin repetir, en el orden del plan"),
  frequency: z.enum(FREQUENCIES),
  startDate: z.string().describe("La fecha de efecto de los recibos (aaaa-mm-dd): la pedida o, sin ella, mañana"),
  startDates: z
    .object({ earliest: z.string(), latest: z.string() })
    .describe("Las fechas de efecto que se pueden elegir hoy (aaaa-mm-dd): de mañana a 60 días después de hoy"),
  price: BreakdownSchema.describe("El precio para la forma de pago pedida; los recibos vencen desde la fecha de efecto"),
  insurer: InsurerSchema.nullable().describe("La entidad aseguradora que cubriría el riesgo si se contrata ahora (la del ramo)"),
  prices: z
    .object({ anual: BreakdownSchema, semestral: BreakdownSchema, trimestral: BreakdownSchema, mensual: BreakdownSchema })
    .describe("El mismo plan con las mismas garantías, para cada forma de pago"),
});
export type PriceChoiceAnswer = z.infer<typeof PriceChoiceAnswerSchema>;

// ─── POST /quotes/{id}/checkout ────────────────────────────────────────────────────────

/** What the document shows of a NIF/NIE, a phone and an IBAN (the control digits are the API's). */
export const NIF_PATTERN = "^\\s*([0-9]{8}|[XYZxyz][ -]?[0-9]{7})[ -]?[A-Za-z]\\s*$";
export const PHONE_PATTERN = "^[0-9+][0-9 .()-]{6,28}$";
export const IBAN_PATTERN = "^\\s*[A-Za-z]{2}[0-9]{2}[A-Za-z0-9 ]{11,36}$";
export const PolicyholderSchema = z.object({
  name: text(CHECKOUT_MESSAGES.name, 120, CHECKOUT_MESSAGES.nameTooLong).refine((v) => v.length >= 2, CHECKOUT_MESSAGES.name),
  nif: documented(
    z
      .string({ required_error: NIF_ERROR, invalid_type_error: NIF_ERROR })
      .max(20, NIF_ERROR)
      .refine((v) => validateNif(v).ok, NIF_ERROR)
      .transform(normalizeNif),
    {
      pattern: NIF_PATTERN,
      maxLength: 20,
      description: "NIF (8 cifras y letra) o NIE (X, Y o Z, 7 cifras y letra) con su letra de control; se guarda en mayúsculas sin separadores",
      example: "12345678Z",
    },
  ),
  birthDate: documented(
    z
      .string({ required_error: CHECKOUT_MESSAGES.birthDate, invalid_type_error: CHECKOUT_MESSAGES.birthDate })
      .trim()
      .refine((v) => isIsoDate(v) && Number(v.slice(0, 4)) >= 1900, CHECKOUT_MESSAGES.birthDate),
    { format: "date", description: "aaaa-mm-dd, desde 1900; el tomador debe ser mayor de edad" },
  ),
  phone: documented(
    z
      .string({ required_error: CHECKOUT_MESSAGES.phone, invalid_type_error: CHECKOUT_MESSAGES.phone })
      .max(30, CHECKOUT_MESSAGES.phone)
      .refine(isValidPhone, CHECKOUT_MESSAGES.phone)
      .transform(normalizePhone),
    {
      pattern: PHONE_PATTERN,
      maxLength: 30,
      description:
        "Teléfono español (9 cifras, de 6 a 9 la primera, con +34 opcional) o internacional (+ y el prefijo del país); admite espacios, puntos, guiones y paréntesis",
      example: "+34 600 12 34 56",
    },
  ),
  address: text(CHECKOUT_MESSAGES.address, 200, CHECKOUT_MESSAGES.addressTooLong),
  postalCode: z
    .string({ required_error: CHECKOUT_MESSAGES.postalCode, invalid_type_error: CHECKOUT_MESSAGES.postalCode })
    .trim()
    .regex(/^\d{5}$/, CHECKOUT_MESSAGES.postalCode)
    .refine((v) => !/^\d{5}$/.test(v) || (Number(v.slice(0, 2)) >= 1 && Number(v.slice(0, 2)) <= 52), CHECKOUT_MESSAGES.postalCodeProvince),
  city: text(CHECKOUT_MESSAGES.city, 100, CHECKOUT_MESSAGES.cityTooLong),
});
export type Policyholder = z.infer<typeof PolicyholderSchema>;

/** The car's registration number (auto): a Spanish plate, stored upper case without separators. */
export const RegistrationSchema = z
  .string({ required_error: INSURED_MESSAGES.registrationRequired, invalid_type_error: INSURED_MESSAGES.registration })
  .trim()
  .min(1, INSURED_MESSAGES.registrationRequired)
  .max(20, INSURED_MESSAGES.registration)
  .refine(isValidRegistration, INSURED_MESSAGES.registration)
  .transform(normalizeRegistration)
  .describe("Matrícula del vehículo (solo coche): 1234 BCD o el formato provincial M-1234-AB; se guarda en mayúsculas sin separadores");

/** The insured dwelling's address (hogar, alquiler); its postal code must be the quote's. */
export const RiskAddressSchema = z
  .object({
    street: text(INSURED_MESSAGES.street, 200, INSURED_MESSAGES.streetTooLong).describe("Calle y número"),
    door: z
      .string({ invalid_type_error: INSURED_MESSAGES.doorTooLong })
      .trim()
      .max(40, INSURED_MESSAGES.doorTooLong)
      .optional()
      .transform((v) => v || undefined)
      .describe("Piso y puerta (opcional)"),
    postalCode: z
      .string({ required_error: INSURED_MESSAGES.postalCode, invalid_type_error: INSURED_MESSAGES.postalCode })
      .trim()
      .regex(/^\d{5}$/, INSURED_MESSAGES.postalCode)
      .describe("El código postal de la cotización: el precio depende de él"),
    city: text(INSURED_MESSAGES.city, 100, INSURED_MESSAGES.cityTooLong),
  })
  .describe("Dirección de la vivienda asegurada (solo hogar y alquiler); puede ser distinta de la del tomador");

const holder = text(CHECKOUT_MESSAGES.holder, 120, CHECKOUT_MESSAGES.holder).describe("Titular de la tarjeta o de la cuenta");

export const CardPaymentSchema = named(
  z.object({
    method: z.literal("card"),
    cardNumber: documented(
      z
        .string({ required_error: CHECKOUT_MESSAGES.cardNumber, invalid_type_error: CHECKOUT_MESSAGES.cardNumber })
        .max(30, CHECKOUT_MESSAGES.cardNumber)
        .refine(isValidCardNumber, CHECKOUT_MESSAGES.cardNumber)
        .transform(normalizeCardNumber),
      {
        pattern: "^[0-9][0-9 -]{10,28}[0-9]$",
        maxLength: 30,
        description:
          "Número de la tarjeta: de 12 a 19 cifras (con espacios o guiones) que pasan el control de Luhn; nunca se guarda (solo sus cuatro últimas cifras)",
        example: "4242 4242 4242 4242",
      },
    ),
    expiry: documented(
      z
        .string({ required_error: CHECKOUT_MESSAGES.expiry, invalid_type_error: CHECKOUT_MESSAGES.expiry })
        .max(10, CHECKOUT_MESSAGES.expiry)
        .refine((v) => parseCardExpiry(v) !== null, CHECKOUT_MESSAGES.expiry),
      {
        pattern: "^\\s*(0[1-9]|1[0-2])\\s*[/-]?\\s*(\\d{2}|\\d{4})\\s*$",
        maxLength: 10,
        description: "MM/AA (o MM/AAAA); debe ser este mes o posterior",
        example: "12/30",
      },
    ),
    cvc: documented(
      z
        .string({ required_error: CHECKOUT_MESSAGES.cvc, invalid_type_error: CHECKOUT_MESSAGES.cvc })
        .refine(isValidCvc, CHECKOUT_MESSAGES.cvc)
        .transform((v) => v.trim()),
      { pattern: "^\\s*\\d{3,4}\\s*$", description: "Código de seguridad, 3 o 4 cifras; nunca se guarda", example: "123" },
    ),
    holder,
  }),
  "CardPayment",
);

export const SepaPaymentSchema = named(
  z.object({
    method: z.literal("sepa"),
    iban: documented(
      z
        .string({ required_error: IBAN_ERROR, invalid_type_error: IBAN_ERROR })
        .max(42, IBAN_ERROR)
        .refine((v) => validateIban(v).ok, IBAN_ERROR)
        .transform(normalizeIban),
      {
        pattern: IBAN_PATTERN,
        maxLength: 42,
        description: "IBAN de un país SEPA para la domiciliación (se comprueban sus dígitos de control); admite espacios",
        example: "ES91 2100 0418 4502 0005 1332",
      },
    ),
    holder,
  }),
  "SepaPayment",
);

export const PaymentSchema = z.discriminatedUnion("method", [CardPaymentSchema, SepaPaymentSchema], {
  errorMap: (issue, ctx) =>
    issue.code === z.ZodIssueCode.invalid_union_discriminator ? { message: CHECKOUT_MESSAGES.paymentMethod } : { message: ctx.defaultError },
});
export type PaymentBody = z.infer<typeof PaymentSchema>;

const mustAccept = (message: string) =>
  z.literal(true, { errorMap: () => ({ message }) }).describe("Debe ser true: sin este consentimiento no se puede contratar");

export const ConsentsSchema = z.object({
  terms: mustAccept(CHECKOUT_MESSAGES.terms),
  privacy: mustAccept(CHECKOUT_MESSAGES.privacy),
  ipid: mustAccept(CHECKOUT_MESSAGES.ipid),
  marketing: z
    .boolean({ required_error: CHECKOUT_MESSAGES.marketing, invalid_type_error: CHECKOUT_MESSAGES.marketing })
    .describe("Comunicaciones comerciales: opcional, aparte de los demás"),
});
export type ConsentsBody = z.infer<typeof ConsentsSchema>;
export { CONSENT_PURPOSES, type ConsentPurpose } from "./vocabulary";

export const CheckoutBodySchema = z.object({
  plan: PlanCodeSchema,
  optionalGuarantees: OptionalGuaranteesSchema,
  frequency: FrequencySchema,
  startDate: OptionalStartDateSchema,
  registration: RegistrationSchema.optional(),
  riskAddress: RiskAddressSchema.optional(),
  policyholder: PolicyholderSchema,
  payment: PaymentSchema,
  consents: ConsentsSchema,
  idempotencyKey: z
    .string({ required_error: CHECKOUT_MESSAGES.idempotencyKey, invalid_type_error: CHECKOUT_MESSAGES.idempotencyKey })
    .uuid(CHECKOUT_MESSAGES.idempotencyKey)
    .transform((v) => v.toLowerCase())
    .describe(
      "UUID que genera el formulario una vez: reenviar la misma contratación con la misma clave devuelve la misma póliza y no cobra dos veces",
    ),
});
export type CheckoutBody = z.infer<typeof CheckoutBodySchema>;

/** The first segment of a path that field errors drop ("policyholder.nif" → "nif"). */
const NESTED_GROUPS = new Set(["policyholder", "payment", "consents"]);

/** Field errors keyed by the form's field name (see the header comment). */
export function checkoutFieldErrors(error: z.ZodError): Record<string, string[]> {
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    // Array positions are dropped too: "optionalGuarantees.2" → "optionalGuarantees".
    const cut = issue.path.findIndex((segment) => typeof segment === "number");
    const path = (cut === -1 ? issue.path : issue.path.slice(0, cut)).map(String);
    const key = (path.length > 1 && NESTED_GROUPS.has(path[0]!) ? path.slice(1) : path).join(".") || "_";
    const messages = (fieldErrors[key] ??= []);
    if (!messages.includes(issue.message)) messages.push(issue.message);
  }
  return fieldErrors;
}
