// The back office's policies: the list (query and answer), one policy with its lifecycle, and the
// bodies of the staff actions on a policy and its recibos. Shared with app/.
import { z } from "zod";
import { isIsoDate } from "./quotes";
import { listQuerySchemas, paginated } from "./list-query";
import { PolicySchema } from "./policies";
import { CheckoutBodySchema, RegistrationSchema, RiskAddressSchema } from "./checkout";
import { IBAN_ERROR, validateIban } from "../domain/iban";
import { normalizeRegistration } from "../domain/registration";
import { documented } from "./openapi-meta";
import { ACTOR_TYPE_CODES, CANCELLATION_REASONS, LINES, PAYMENT_METHODS, POLICY_STATUSES, RECIBO_STATUSES, RENEWAL_STOPPERS } from "./vocabulary";

const emptyAsUndefined = (value: unknown) => (value === "" ? undefined : value);
const isoDate = (message: string) =>
  documented(z.string({ required_error: message, invalid_type_error: message }).refine(isIsoDate, message), { format: "date" });

// ─── The list ───────────────────────────────────────────────────────────────────────────────

export const ADMIN_POLICY_SORT_KEYS = ["createdAt", "number", "startDate", "endDate"] as const;
export type AdminPolicySortKey = (typeof ADMIN_POLICY_SORT_KEYS)[number];

/** What `q` finds, said once for the API's document and the search box's hint. */
export const POLICY_SEARCH_HELP =
  "Número de póliza (COT-…, o su comienzo); NIF/NIE del tomador, completo o su comienzo (B0001); 3 letras o más de su nombre o correo; matrícula del coche, completa o su comienzo (1234 BCD); o código postal de la vivienda asegurada (28013). Sin distinguir mayúsculas, acentos ni separadores";

/** A car's registration, or its start, typed in a search ("1234 bcd", "M-12"): stored form (upper case, no separators), or null. */
export function plateSearchOf(q: string): string | null {
  const plate = normalizeRegistration(q);
  // Four digits first (current plates) or one or two letters and a digit (the old provincial ones).
  return /^([0-9]|[A-Z]{1,2}[0-9])[0-9A-Z]{0,6}$/.test(plate) ? plate : null;
}

/** A Spanish postal code typed in a search (five digits), or null. */
export function postalCodeSearchOf(q: string): string | null {
  const text = q.trim();
  return /^[0-9]{5}$/.test(text) ? text : null;
}

export const ADMIN_POLICY_FILTERS = {
  status: z.preprocess(emptyAsUndefined, z.enum(POLICY_STATUSES, { errorMap: () => ({ message: "Elija un estado de la lista" }) }).optional()),
  line: z.preprocess(emptyAsUndefined, z.enum(LINES, { errorMap: () => ({ message: "Elija un ramo de la lista" }) }).optional()),
  startFrom: z
    .preprocess(emptyAsUndefined, isoDate("La fecha «efecto desde» no es válida").optional())
    .describe("Efecto desde este día (aaaa-mm-dd), incluido"),
  startTo: z
    .preprocess(emptyAsUndefined, isoDate("La fecha «efecto hasta» no es válida").optional())
    .describe("Efecto hasta este día (aaaa-mm-dd), incluido"),
  renewalWithin: z
    .preprocess(
      emptyAsUndefined,
      z.coerce
        .number({ invalid_type_error: "Indique un número de días" })
        .int("Indique un número entero de días")
        .min(1, "Indique entre 1 y 365 días")
        .max(365, "Indique entre 1 y 365 días")
        .optional(),
    )
    .describe("Solo las pólizas en vigor que vencen (se renuevan) en los próximos N días"),
};

const adminPolicyQueries = listQuerySchemas(
  {
    sort: ADMIN_POLICY_SORT_KEYS,
    defaultSort: "createdAt",
    defaultDir: "desc",
    q: POLICY_SEARCH_HELP,
    filters: ADMIN_POLICY_FILTERS,
  },
  (value, ctx) => {
    const v = value as { startFrom?: string; startTo?: string };
    if (v.startFrom && v.startTo && v.startFrom > v.startTo) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["startTo"], message: "La fecha «hasta» no puede ser anterior a la fecha «desde»" });
    }
  },
);
export const AdminPolicyListQuerySchema = adminPolicyQueries.list;
export const AdminPolicyExportQuerySchema = adminPolicyQueries.export;
export type AdminPolicyListQuery = z.infer<typeof AdminPolicyListQuerySchema>;
export type AdminPolicyExportQuery = z.infer<typeof AdminPolicyExportQuerySchema>;

export const AdminPolicyRowSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  holder: z.object({ id: z.number().int(), name: z.string(), nif: z.string().nullable() }),
  line: z.enum(LINES),
  planCode: z.string(),
  planName: z.string().describe("Nombre del plan en el catálogo (su código si el catálogo ya no lo tiene)"),
  status: z.enum(POLICY_STATUSES),
  startDate: z.string().describe("Efecto de la anualidad en curso (aaaa-mm-dd)"),
  endDate: z.string().describe("Vencimiento (aaaa-mm-dd)"),
  totalPremiumCents: z.number().int(),
  createdAt: z.string(),
});
export type AdminPolicyRow = z.infer<typeof AdminPolicyRowSchema>;
export const AdminPolicyListSchema = paginated(AdminPolicyRowSchema);
export type AdminPolicyList = z.infer<typeof AdminPolicyListSchema>;

// ─── One policy ─────────────────────────────────────────────────────────────────────────────

export const ADMIN_POLICY_ACTIONS = ["suspend", "reactivate", "cancel", "stop-renewal", "renew"] as const;
export type AdminPolicyAction = (typeof ADMIN_POLICY_ACTIONS)[number];
export const ADMIN_RECIBO_ACTIONS = ["charge", "return", "mark-paid", "cancel", "refund"] as const;
export type AdminReciboAction = (typeof ADMIN_RECIBO_ACTIONS)[number];

export const AdminReciboSchema = z.object({
  id: z.number().int(),
  sequence: z.number().int(),
  term: z.number().int().describe("Anualidad a la que pertenece"),
  kind: z.enum(["prima", "suplemento"]).describe("prima: un recibo de la anualidad; suplemento: la diferencia de un suplemento"),
  period: z
    .object({ from: z.string(), to: z.string() })
    .describe("Periodo que cubre (aaaa-mm-dd, ambos incluidos); el de un suplemento va de su efecto al último día de su anualidad"),
  dueDate: z.string(),
  amountCents: z.number().int(),
  status: z.enum(RECIBO_STATUSES),
  attempts: z.number().int(),
  lastAttemptAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  returnReason: z.string().nullable(),
  paidReference: z.string().nullable(),
  actions: z.array(z.enum(ADMIN_RECIBO_ACTIONS)).describe("Acciones que su estado admite ahora"),
});
export type AdminRecibo = z.infer<typeof AdminReciboSchema>;

export const PolicyHistoryEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  event: z.string(),
  summary: z.string(),
  fromStatus: z.enum(POLICY_STATUSES).nullable(),
  toStatus: z.enum(POLICY_STATUSES).nullable(),
  actorType: z.enum(ACTOR_TYPE_CODES),
  actorLabel: z.string().nullable(),
});

export const NoteSchema = z.object({ id: z.number().int(), body: z.string(), authorLabel: z.string(), at: z.string() });

export const AdminPolicySchema = z.object({
  policy: PolicySchema.omit({ recibos: true, documents: true }),
  clientId: z.number().int(),
  term: z.number().int(),
  lifecycle: z.object({
    suspendedAt: z.string().nullable(),
    coverResumesAt: z.string().nullable().describe("Tras una suspensión, la cobertura se reanuda 24 h después del pago"),
    cancellation: z.object({ reason: z.enum(CANCELLATION_REASONS), effectiveDate: z.string(), at: z.string() }).nullable(),
    renewalStopped: z.object({ by: z.enum(RENEWAL_STOPPERS), at: z.string() }).nullable(),
    renewalOffer: z
      .object({ startDate: z.string(), endDate: z.string(), totalPremiumCents: z.number().int(), noticeSentAt: z.string().nullable() })
      .nullable(),
  }),
  payment: z.object({ method: z.enum(PAYMENT_METHODS).nullable(), hasMandate: z.boolean(), iban: z.string().nullable().describe("Enmascarado") }),
  recibos: z.array(AdminReciboSchema),
  history: z.array(PolicyHistoryEntrySchema),
  notes: z.array(NoteSchema),
  actions: z.array(z.enum(ADMIN_POLICY_ACTIONS)).describe("Acciones que el estado de la póliza admite ahora (las reglas se comprueban al enviarlas)"),
  today: isoDate("Fecha de hoy").describe(
    "Hoy en España (aaaa-mm-dd) según el reloj de la API, el mismo que juzga las acciones: la fecha de efecto por defecto de una anulación",
  ),
});
export type AdminPolicy = z.infer<typeof AdminPolicySchema>;

// ─── Action bodies ──────────────────────────────────────────────────────────────────────────

const reasonText = (required: string) =>
  z.string({ required_error: required, invalid_type_error: required }).trim().min(3, required).max(500, "Máximo 500 caracteres");

export const SuspendPolicyBodySchema = z.object({ reason: reasonText("Indique el motivo de la suspensión") });
export const CancelPolicyBodySchema = z.object({
  reason: z.enum(CANCELLATION_REASONS, { errorMap: () => ({ message: "Elija el motivo de la anulación" }) }),
  effectiveDate: isoDate("Indique la fecha de efecto de la anulación"),
  note: z.string().trim().max(500, "Máximo 500 caracteres").optional(),
});
export const StopRenewalBodySchema = z.object({
  by: z.enum(RENEWAL_STOPPERS, { errorMap: () => ({ message: "Indique quién se opone a la prórroga" }) }),
});
export const ReturnReciboBodySchema = z.object({ reason: reasonText("Indique el motivo de la devolución") });
export const MarkReciboPaidBodySchema = z.object({
  reference: z
    .string({ required_error: "Indique la referencia de la transferencia" })
    .trim()
    .min(3, "Indique la referencia de la transferencia")
    .max(100, "Máximo 100 caracteres"),
});
export const CancelReciboBodySchema = z.object({ reason: z.string().trim().max(500, "Máximo 500 caracteres").optional() });
export const NoteBodySchema = z.object({
  body: z.string({ required_error: "Escriba la nota" }).trim().min(1, "Escriba la nota").max(2000, "Máximo 2000 caracteres"),
});

export const ReciboActionResultSchema = z.object({
  status: z.enum(RECIBO_STATUSES),
  declined: z.string().optional().describe("Motivo del rechazo, si el cobro no se ha podido hacer"),
});

/** Who started a run the schedule started (a staff member's run says their username). */
export const LIFECYCLE_SCHEDULE_STARTER = "el proceso programado";

const RunSummarySchema = z
  .record(z.number().int())
  .describe("Lo hecho, por paso: cobrados, devueltos, suspendidas, extinguidas, avisos, recordatorios, renovadas, vencidas, errores");
const RunDaySchema = z.object({ day: z.string().describe("aaaa-mm-dd"), summary: RunSummarySchema });

export const LIFECYCLE_RUN_STATUSES = ["en_curso", "hecho", "fallido"] as const;

/**
 * One daily run (ADR 044), as GET /admin/lifecycle/runs/{id} answers it: under way with what it
 * has done so far, done with what each day did, or failed. Kept in the database, so any instance
 * answers it.
 */
export const LifecycleRunSchema = z.object({
  id: z.number().int().describe("Identificador del proceso: GET /admin/lifecycle/runs/{id}"),
  status: z
    .enum(LIFECYCLE_RUN_STATUSES)
    .describe(
      "en_curso mientras trabaja; hecho cuando ha terminado todos los días; fallido si ha fallado o la instancia que lo ejecutaba dejó de responder",
    ),
  startedBy: z.string().describe("Quién lo inició: el usuario del back office, o «el proceso programado»"),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  days: z.array(RunDaySchema).describe("Los días terminados, en orden, cada uno con lo que hizo"),
  current: RunDaySchema.nullable().describe("El día en el que está trabajando y lo hecho en él hasta ahora (solo en_curso)"),
  error: z.string().nullable().describe("Por qué ha fallado (solo fallido)"),
});
export type LifecycleRun = z.infer<typeof LifecycleRunSchema>;

/**
 * The answer of POST /admin/lifecycle/run: the run it started, or the one already under way (two
 * tabs, two staff members, two instances, the schedule make one run), to follow with GET.
 */
export const LifecycleRunStartSchema = LifecycleRunSchema.extend({
  joined: z.boolean().describe("true: ya estaba en marcha y no se ha iniciado otro; se responde ese"),
});
export type LifecycleRunStart = z.infer<typeof LifecycleRunStartSchema>;

// ─── Changing a policy without changing its price ────────────────────────────────────────────

export const ENDORSEMENT_NEEDED_MESSAGE =
  "Este cambio modifica la prima: hace falta un suplemento (añadir garantías, cambiar el plan, la forma de pago o los datos que tarifican se hace con un suplemento, no editando la póliza)";

/**
 * What staff may change on a policy: the insured object's identification and the IBAN of its
 * future SEPA recibos. The policyholder's contact data are the client's (PATCH /admin/clients/{id}).
 * `plan`, `frequency`, `optionalGuarantees`, `startDate` and `risk` (the rating inputs) change the
 * price: the API answers 409 and says an endorsement is needed.
 */
export const UpdatePolicyBodySchema = z.object({
  registration: RegistrationSchema.optional(),
  riskAddress: RiskAddressSchema.optional(),
  iban: z
    .string({ invalid_type_error: IBAN_ERROR })
    .trim()
    .max(42, IBAN_ERROR)
    .refine((v) => validateIban(v).ok, IBAN_ERROR)
    .optional()
    .describe("IBAN de los próximos recibos domiciliados (se comprueba su dígito de control); la póliza pasa a pagarse por domiciliación SEPA"),
  plan: z.unknown().optional().describe("No se admite: cambia la prima (suplemento)"),
  frequency: z.unknown().optional().describe("No se admite: cambia la prima (suplemento)"),
  optionalGuarantees: z.unknown().optional().describe("No se admite: cambia la prima (suplemento)"),
  startDate: z.unknown().optional().describe("No se admite: cambia la prima (suplemento)"),
  risk: z.unknown().optional().describe("Los datos que tarifican no se cambian aquí: suplemento"),
});
export type UpdatePolicyBody = z.infer<typeof UpdatePolicyBodySchema>;

/** The back office's edit form: the fields of the body that keep the price (the dwelling's postal code travels unchanged). */
export const PolicyEditFormSchema = UpdatePolicyBodySchema.pick({ registration: true, riskAddress: true, iban: true });

// ─── A policy sold by phone (/admin/policies/new) ──────────────────────────────────────────

export const STAFF_SALE_MESSAGES = {
  quoteId: "Falta la cotización. Vuelva a calcular el precio.",
  email: "Introduzca un correo electrónico válido",
} as const;

/**
 * POST /admin/policies: the public checkout's body (same rules, same field names), plus the quote
 * staff made for the customer and, optionally, the customer's e-mail for the documents. The
 * consents are the ones the customer gave on the phone; the API records them as such.
 */
export const StaffCheckoutBodySchema = CheckoutBodySchema.extend({
  quoteId: z
    .string({ required_error: STAFF_SALE_MESSAGES.quoteId, invalid_type_error: STAFF_SALE_MESSAGES.quoteId })
    .uuid(STAFF_SALE_MESSAGES.quoteId)
    .describe("La cotización hecha por teléfono (POST /admin/policies/quotes)"),
  email: z
    .string({ invalid_type_error: STAFF_SALE_MESSAGES.email })
    .trim()
    .toLowerCase()
    .max(254, STAFF_SALE_MESSAGES.email)
    .email(STAFF_SALE_MESSAGES.email)
    .optional()
    .describe("Correo del cliente para enviarle la póliza; sin él, el que ya tenga el cliente (si no tiene, no se envía correo)"),
});
export type StaffCheckoutBody = z.infer<typeof StaffCheckoutBodySchema>;
