// The sales pipeline's leads (issue 23, ADR 041): the list (the board's filters, a stage and a
// search), one lead, a new one by hand, its edits, and "Quiero que me llamen" from /results.
// Shared with app/: the pages' forms end in these schemas (their text typed es-ES turned here).
import { z } from "zod";
import { isValidPhone } from "../domain/phone";
import { parseEurosToCents } from "../domain/money";
import { listQuerySchemas, paginated } from "./list-query";
import { BOARD_FILTERS, BoardCardSchema } from "./pipeline";
import { emptyToUndefined } from "./text";
import { typedDateToIso } from "./typed-date";
import { CALLBACK_SLOTS, LEAD_LOST_REASONS, LEAD_SOURCES, LEAD_STAGES, LINES, QUOTE_STATUSES } from "./vocabulary";

export const LEAD_MESSAGES = {
  notFound: "Oportunidad no encontrada",
  name: "Escribe el nombre (2 caracteres o más)",
  email: "Escribe un correo electrónico válido",
  phone: "Escribe un teléfono válido (por ejemplo, 600 123 456)",
  contact: "Escribe el correo o el teléfono (uno de los dos)",
  premium: "Escribe la prima en euros (por ejemplo, 350 o 349,90)",
  date: "Escribe la fecha como dd/mm/aaaa",
  nextAction: "La próxima acción no puede superar 200 caracteres",
  notes: "Las notas no pueden superar 2.000 caracteres",
  owner: "Elige un comercial de la lista",
  reassign: "Solo quien puede trabajar todas las oportunidades elige o cambia el comercial",
  stage: "Elige una etapa de la lista",
  search: "La búsqueda es demasiado larga",
} as const;

/** What the visitor reads on /results (usted). */
export const CALLBACK_MESSAGES = {
  name: "Escriba su nombre",
  phone: "Escriba un teléfono español válido (por ejemplo, 600 123 456)",
  slot: "Elija cuándo prefiere que le llamemos",
  consent: "Marque la casilla para que podamos llamarle",
} as const;

const M = LEAD_MESSAGES;
const optionalText = (max: number, message: string) => z.preprocess(emptyToUndefined, z.string().trim().max(max, message).optional());

/** Euros as typed (es-ES: "349,90", "1.200") or a number of cents from the API. */
const premiumCents = z.preprocess(
  (value) => (value === "" || value === null ? undefined : typeof value === "string" ? (parseEurosToCents(value) ?? Number.NaN) : value),
  z.number({ invalid_type_error: M.premium }).int(M.premium).min(0, M.premium).max(10_000_000_00, M.premium).optional(),
);
const isoDay = z.preprocess(
  (value) => (value === "" ? undefined : typedDateToIso(value)),
  z
    .string({ invalid_type_error: M.date })
    .regex(/^\d{4}-\d{2}-\d{2}$/, M.date)
    .optional(),
);
const email = z.preprocess(emptyToUndefined, z.string().trim().max(254, M.email).email(M.email).optional());
const phone = z.preprocess(emptyToUndefined, z.string().trim().max(30, M.phone).refine(isValidPhone, M.phone).optional());
const ownerId = z.preprocess(emptyToUndefined, z.coerce.number({ message: M.owner }).int(M.owner).positive(M.owner).optional());

// ─── The list ──────────────────────────────────────────────────────────────────────────

export const LEAD_SORT_KEYS = ["stage", "name", "premium", "age", "nextAction"] as const;
export type LeadSortKey = (typeof LEAD_SORT_KEYS)[number];

export const LEAD_LIST_FILTERS = {
  ...BOARD_FILTERS,
  stage: z.preprocess(emptyToUndefined, z.enum(LEAD_STAGES, { errorMap: () => ({ message: M.stage }) }).optional()).describe("Etapa"),
};
const leadQueries = listQuerySchemas({
  sort: LEAD_SORT_KEYS,
  defaultSort: "age",
  defaultDir: "desc",
  filters: LEAD_LIST_FILTERS,
  q: "Nombre, correo o teléfono",
});
export const LeadListQuerySchema = leadQueries.list;
export const LeadExportQuerySchema = leadQueries.export;
export type LeadListQuery = z.infer<typeof LeadListQuerySchema>;
export type LeadExportQuery = z.infer<typeof LeadExportQuerySchema>;

export const LeadRowSchema = BoardCardSchema.extend({
  stage: z.enum(LEAD_STAGES),
  source: z.enum(LEAD_SOURCES),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  createdAt: z.string(),
});
export type LeadRow = z.infer<typeof LeadRowSchema>;
export const LeadListSchema = paginated(LeadRowSchema);
export type LeadList = z.infer<typeof LeadListSchema>;

// ─── One lead ──────────────────────────────────────────────────────────────────────────

export const LeadDetailSchema = LeadRowSchema.extend({
  notes: z.string().nullable(),
  lostReason: z.enum(LEAD_LOST_REASONS).nullable(),
  callbackSlot: z.enum(CALLBACK_SLOTS).nullable(),
  callbackConsentAt: z.string().nullable().describe("Cuándo aceptó que le llamen (ISO 8601)"),
  wonPolicy: z.object({ id: z.number().int(), number: z.string() }).nullable(),
  closedAt: z.string().nullable(),
  lastActivityAt: z.string(),
  quotes: z.array(
    z.object({
      id: z.string().uuid(),
      line: z.enum(LINES),
      status: z.enum(QUOTE_STATUSES),
      bestPriceCents: z.number().int().nullable(),
      createdAt: z.string(),
    }),
  ),
  history: z.array(z.object({ at: z.string(), action: z.string(), label: z.string(), actor: z.string().nullable(), after: z.unknown().nullable() })),
  /** What the reader may do with it (the page shows only those forms). */
  canEdit: z.boolean(),
  canReassign: z.boolean(),
});
export type LeadDetail = z.infer<typeof LeadDetailSchema>;

// ─── Writes ────────────────────────────────────────────────────────────────────────────

const contactRequired = (value: { email?: string; phone?: string }, ctx: z.RefinementCtx) => {
  if (!value.email && !value.phone) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["email"], message: M.contact });
};

export const NewLeadBodySchema = z
  .object({
    name: z.string({ required_error: M.name }).trim().min(2, M.name).max(200, M.name),
    email,
    phone,
    line: z.preprocess(emptyToUndefined, z.enum(LINES, { errorMap: () => ({ message: "Elige un seguro de la lista" }) }).optional()),
    estimatedPremiumCents: premiumCents,
    nextAction: optionalText(200, M.nextAction),
    nextActionOn: isoDay,
    notes: optionalText(2000, M.notes),
    ownerId,
  })
  .superRefine(contactRequired);
export type NewLeadBody = z.infer<typeof NewLeadBodySchema>;

/** An edit: only the fields sent change; null (or an empty field) clears one. */
const blankToNull = (value: unknown) => (typeof value === "string" && value.trim() === "" ? null : value);
export const LeadPatchBodySchema = z.object({
  nextAction: z.preprocess(blankToNull, z.string().trim().max(200, M.nextAction).nullable()).optional(),
  nextActionOn: z
    .preprocess(
      (value) => blankToNull(typedDateToIso(value)),
      z
        .string({ invalid_type_error: M.date })
        .regex(/^\d{4}-\d{2}-\d{2}$/, M.date)
        .nullable(),
    )
    .optional(),
  notes: z.preprocess(blankToNull, z.string().trim().max(2000, M.notes).nullable()).optional(),
  estimatedPremiumCents: z
    .preprocess(
      (value) => (typeof value === "string" ? (value.trim() === "" ? null : (parseEurosToCents(value) ?? Number.NaN)) : value),
      z.number({ invalid_type_error: M.premium }).int(M.premium).min(0, M.premium).max(10_000_000_00, M.premium).nullable(),
    )
    .optional(),
  ownerId: z
    .preprocess(blankToNull, z.coerce.number({ message: M.owner }).int(M.owner).positive(M.owner).nullable())
    .optional()
    .describe("Solo con pipeline:write:any; null la deja sin comercial"),
});
export type LeadPatchBody = z.infer<typeof LeadPatchBodySchema>;

/** Staff who may own a lead (pipeline:write or pipeline:write:any, active): reassignment and the board's owner filter. */
export const LeadOwnerSchema = z.object({ id: z.number().int(), name: z.string() });
export type LeadOwner = z.infer<typeof LeadOwnerSchema>;
export const LeadOwnersSchema = z.object({ owners: z.array(LeadOwnerSchema) });

/** "Quiero que me llamen" on /results: a Spanish phone, a slot, and the consent ticked. */
export const CallbackBodySchema = z.object({
  name: z.string({ required_error: CALLBACK_MESSAGES.name }).trim().min(2, CALLBACK_MESSAGES.name).max(200, CALLBACK_MESSAGES.name),
  phone: z
    .string({ required_error: CALLBACK_MESSAGES.phone })
    .trim()
    .max(30, CALLBACK_MESSAGES.phone)
    .refine((v) => /^(?:\+34|0034)?[6789]\d{8}$/.test(v.replace(/[\s.()-]/g, "")), CALLBACK_MESSAGES.phone),
  slot: z.enum(CALLBACK_SLOTS, { errorMap: () => ({ message: CALLBACK_MESSAGES.slot }) }),
  consent: z.preprocess(
    (v) => v === "on" || v === "true" || v === true,
    z.literal(true, { errorMap: () => ({ message: CALLBACK_MESSAGES.consent }) }),
  ),
});
export type CallbackBody = z.infer<typeof CallbackBodySchema>;
export const CallbackAnswerSchema = z.object({ slot: z.enum(CALLBACK_SLOTS) });
