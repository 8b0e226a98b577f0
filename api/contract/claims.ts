// The contract of claims (siniestros, issue 26; ADR 042): the customer's declaration per line and
// the staff's actions, as zod schemas shared by the API's JSON bodies and the web's forms (dates,
// times and amounts are read as people type them: "03/02/2026 14:30", "1.234,56"), and the shape
// of the cover checklist and the fraud signals stored with each claim. Customers read "usted";
// the back office's messages use "tú", as the rest of it does.
import { z } from "zod";
import { madridInstant } from "../domain/calendar";
import { IBAN_ERROR, validateIban } from "../domain/iban";
import { parseEurosToCents } from "../domain/money";
import { isValidPhone, normalizePhone } from "../domain/phone";
import { isValidRegistration, normalizeRegistration, REGISTRATION_ERROR } from "../domain/registration";
import {
  CLAIM_CHECK_RESULTS,
  CLAIM_CHECKS,
  CLAIM_CONTACT_TIMES,
  CLAIM_DOCUMENT_KINDS,
  CLAIM_EVENT_TYPES,
  CLAIM_FRAUD_SIGNALS,
  CLAIM_PLAIN_TARGETS,
  claimEventTypesOf,
  type ClaimEventType,
} from "./claim-vocabulary";
import { parseTypedDateTime } from "./typed-date";
import type { Line } from "./vocabulary";

export const CLAIM_MESSAGES = {
  eventType: "Indique qué ha pasado",
  occurredAt: "Escriba la fecha y la hora del siniestro: dd/mm/aaaa hh:mm. Por ejemplo, 03/02/2026 14:30",
  future: "La fecha y la hora del siniestro no pueden ser posteriores a este momento",
  place: "Indique dónde ocurrió (una dirección, una carretera y su punto kilométrico, una localidad)",
  description: "Describa qué ocurrió, con al menos 20 caracteres",
  descriptionMax: "La descripción no puede pasar de 4.000 caracteres",
  phone: "Introduzca un teléfono válido (por ejemplo, 600 123 456)",
  email: "Introduzca un correo electrónico válido",
  contactTime: "Indique cuándo prefiere que le llamemos",
  amount: "Escriba el importe en euros (por ejemplo, 350 o 1.234,56)",
  otherPlate: REGISTRATION_ERROR,
  otherInsurer: "Indique la aseguradora del otro vehículo (figura en el parte amistoso)",
  rentMonths: "Indique cuántas mensualidades le debe el inquilino (de 1 a 18)",
  // The back office's.
  handler: "Elige un tramitador",
  status: "Elige un estado",
  reserve: "Escribe la reserva en euros (por ejemplo, 1.500)",
  reason: "Escribe el motivo",
  rejection: "Escribe el motivo del rechazo, con palabras que el cliente entienda (al menos 20 caracteres)",
  accepted: "Escribe el importe reclamado que se acepta, en euros",
  iban: IBAN_ERROR,
  body: "Escribe el mensaje",
  documentKind: "Elige el tipo de documento",
} as const;
const M = CLAIM_MESSAGES;

const emptyToUndefined = (value: unknown) => (value === "" || value === null ? undefined : value);
const text = (min: number, max: number, message: string, maxMessage: string = message) =>
  z.string({ required_error: message, invalid_type_error: message }).trim().min(min, message).max(max, maxMessage);
/** Euros as typed (es-ES: "350", "1.234,56") or a whole number of cents from the API. */
export const claimCents = (message: string) =>
  z.preprocess(
    (value) => (typeof value === "string" ? (parseEurosToCents(value) ?? Number.NaN) : value),
    z.number({ required_error: message, invalid_type_error: message }).int(message).min(0, message).max(100_000_000_00, message),
  );

/**
 * When it happened: "dd/mm/aaaa hh:mm" as typed (Spain's clock) or an ISO instant from the API,
 * as an ISO instant; never after `now`. The cover period is checked by the cover rules, which know
 * the policy (a date before it is a failed line of the checklist with its reason, not a 400).
 */
export function occurredAtSchema(now: Date) {
  return z
    .preprocess(
      (value) => {
        if (typeof value !== "string") return value;
        const typed = parseTypedDateTime(value);
        if (typed) return madridInstant(typed.date, typed.time).toISOString();
        return value.trim();
      },
      z.string({ required_error: M.occurredAt, invalid_type_error: M.occurredAt }).datetime({ offset: true, message: M.occurredAt }),
    )
    .transform((value) => new Date(value).toISOString())
    .refine((value) => new Date(value).getTime() <= now.getTime(), M.future);
}

const contactFields = {
  contactPhone: z.preprocess(emptyToUndefined, text(1, 30, M.phone).refine(isValidPhone, M.phone).transform(normalizePhone)),
  contactEmail: z.preprocess(emptyToUndefined, text(3, 254, M.email).email(M.email).optional()),
  contactTime: z.enum(CLAIM_CONTACT_TIMES, { errorMap: () => ({ message: M.contactTime }) }).default("indiferente"),
};

/**
 * The declaration of a claim on a policy of `line`, at `now`: what happened (the line's event types
 * only), when, where, a description, the amount the customer estimates (optional), how to contact
 * them; a collision names the other vehicle (plate and insurer), a rent default the months unpaid.
 */
export function claimDeclarationSchema(line: Line, now: Date) {
  const types = claimEventTypesOf(line) as [ClaimEventType, ...ClaimEventType[]];
  return z
    .object({
      eventType: z.enum(types, { errorMap: () => ({ message: M.eventType }) }),
      occurredAt: occurredAtSchema(now),
      place: text(3, 300, M.place),
      description: text(20, 4000, M.description, M.descriptionMax),
      amountClaimedCents: z.preprocess(emptyToUndefined, claimCents(M.amount).optional()),
      otherPlate: z.preprocess(
        emptyToUndefined,
        z
          .string({ invalid_type_error: M.otherPlate })
          .trim()
          .max(20, M.otherPlate)
          .refine(isValidRegistration, M.otherPlate)
          .transform(normalizeRegistration)
          .optional(),
      ),
      otherInsurer: z.preprocess(emptyToUndefined, text(2, 120, M.otherInsurer).optional()),
      rentMonthsUnpaid: z.preprocess(
        emptyToUndefined,
        z.coerce.number({ message: M.rentMonths }).int(M.rentMonths).min(1, M.rentMonths).max(18, M.rentMonths).optional(),
      ),
      ...contactFields,
    })
    .superRefine((d, ctx) => {
      if (d.eventType === "auto_colision") {
        if (!d.otherPlate) ctx.addIssue({ code: "custom", path: ["otherPlate"], message: M.otherPlate });
        if (!d.otherInsurer) ctx.addIssue({ code: "custom", path: ["otherInsurer"], message: M.otherInsurer });
      }
      if (d.eventType === "alquiler_impago" && d.rentMonthsUnpaid === undefined) {
        ctx.addIssue({ code: "custom", path: ["rentMonthsUnpaid"], message: M.rentMonths });
      }
    });
}
export type ClaimDeclaration = z.infer<ReturnType<typeof claimDeclarationSchema>>;

/** The same fields with nothing required: a draft kept while the customer goes through the screens. */
export const ClaimDraftSchema = z
  .object({
    eventType: z.enum(CLAIM_EVENT_TYPES).optional(),
    occurredAt: z.string().max(60).optional().describe("Como lo escribió el cliente (dd/mm/aaaa hh:mm)"),
    place: z.string().max(300).optional(),
    description: z.string().max(4000).optional(),
    amountClaimed: z.string().max(30).optional(),
    otherPlate: z.string().max(20).optional(),
    otherInsurer: z.string().max(120).optional(),
    rentMonthsUnpaid: z.string().max(5).optional(),
    contactPhone: z.string().max(30).optional(),
    contactEmail: z.string().max(254).optional(),
    contactTime: z.enum(CLAIM_CONTACT_TIMES).optional(),
  })
  .strict();
export type ClaimDraft = z.infer<typeof ClaimDraftSchema>;

// ─── The staff's actions ─────────────────────────────────────────────────────────────────────

const note = z.preprocess(emptyToUndefined, z.string().trim().max(2000, "Máximo 2.000 caracteres").optional());

export const AssignClaimBodySchema = z.object({
  handlerId: z.preprocess(emptyToUndefined, z.coerce.number({ message: M.handler }).int(M.handler).positive(M.handler).nullable().default(null)),
  note,
});
export const ChangeClaimStatusBodySchema = z.object({
  status: z.enum(CLAIM_PLAIN_TARGETS, { errorMap: () => ({ message: M.status }) }),
  note,
});
export const ClaimReserveBodySchema = z.object({ reserveCents: claimCents(M.reserve), reason: text(3, 500, M.reason) });
/** The amount staff accept before the deductible and the limit; the payable amount is computed (and shown) from it. */
export const AcceptClaimBodySchema = z.object({ acceptedCents: claimCents(M.accepted), note });
export const RejectClaimBodySchema = z.object({ reason: text(20, 2000, M.rejection) });
export const PayClaimBodySchema = z.object({
  iban: z
    .string({ required_error: M.iban, invalid_type_error: M.iban })
    .trim()
    .max(42, M.iban)
    .refine((v) => validateIban(v).ok, M.iban)
    .transform((v) => (validateIban(v) as { value: string }).value),
  reference: z.preprocess(emptyToUndefined, z.string().trim().max(100, "Máximo 100 caracteres").optional()),
});
export const ClaimMessageBodySchema = z.object({ body: text(1, 4000, M.body, "Máximo 4.000 caracteres") });
export const RequestClaimDocumentBodySchema = z.object({
  kind: z.enum(CLAIM_DOCUMENT_KINDS, { errorMap: () => ({ message: M.documentKind }) }),
  note,
});

// ─── What the cover rules and the fraud signals store with a claim ───────────────────────────

export const ClaimCheckLineSchema = z.object({
  check: z.enum(CLAIM_CHECKS),
  result: z.enum(CLAIM_CHECK_RESULTS),
  /** For staff: what was checked and what was found, with dates and amounts. */
  reason: z.string(),
  /** For the customer when the line refuses the claim: plain words, "usted". */
  customerText: z.string().nullable(),
  /** The article of the law or the clause it applies, when there is one ("art. 15 LCS"). */
  article: z.string().nullable(),
});
export type ClaimCheckLine = z.infer<typeof ClaimCheckLineSchema>;

export const ClaimAmountsSchema = z.object({
  guaranteeCode: z.string(),
  claimedCents: z.number().int().nullable(),
  deductibleCents: z.number().int(),
  limitCents: z.number().int().nullable(),
  /** min(limit, max(0, claimed − deductible)); null until an amount is known. */
  payableCents: z.number().int().nullable(),
});
export type ClaimAmounts = z.infer<typeof ClaimAmountsSchema>;

export const ClaimCoverResultSchema = z.object({
  /** fallo on any line means the rules refuse the claim; aviso lines are for the handler to look at. */
  covered: z.boolean(),
  lines: z.array(ClaimCheckLineSchema),
  amounts: ClaimAmountsSchema.nullable(),
  /** The day the rules were applied to (the day of occurrence in Spain) and when they ran. */
  occurredOn: z.string(),
  checkedAt: z.string().datetime(),
});
export type ClaimCoverResult = z.infer<typeof ClaimCoverResultSchema>;

export const ClaimFraudSignalSchema = z.object({ signal: z.enum(CLAIM_FRAUD_SIGNALS), detail: z.string() });
export type ClaimFraudSignalItem = z.infer<typeof ClaimFraudSignalSchema>;
