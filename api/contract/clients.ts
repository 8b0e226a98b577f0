// Clients (tomadores) in the back office: the list (query and answer), one client with everything
// about them, the edit, internal notes and the data-rights answers (export, erasure; ADR 012).
// Shared with app/: the same rules and Spanish messages on both halves.
import { z } from "zod";
import { emptyToUndefined } from "./text";
import { isIsoDate } from "../domain/calendar";
import { normalizeNif, validateNif } from "../domain/nif";
import { isValidPhone, NIF_PATTERN, normalizePhone, PHONE_PATTERN } from "./checkout";
import { listQuerySchemas, paginated } from "./list-query";
import { documented } from "./openapi-meta";
import { typedDateToIso } from "./typed-date";
import {
  CLIENT_STAGES,
  CONSENT_PURPOSES,
  EMAIL_STATUSES,
  SALES_CHANNELS,
  FREQUENCIES,
  LINES,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  POLICY_STATUSES,
  QUOTE_STATUSES,
  RECIBO_STATUSES,
} from "./vocabulary";

export { CLIENT_STAGES, CLIENT_STAGE_LABELS, CLIENT_STAGE_TONES, type ClientStage } from "./vocabulary";

export const CLIENT_MESSAGES = {
  notFound: "Cliente no encontrado",
  search: "Escribe al menos 3 letras, o un NIF/NIE completo",
  name: "Indica el nombre y los apellidos",
  nameTooLong: "El nombre no puede superar 120 caracteres",
  nif: "Introduce un NIF o NIE válido, con su letra (por ejemplo, 12345678Z)",
  nifTaken: "Ya hay otro cliente con ese NIF/NIE",
  nifRequired: "Un tomador con pólizas necesita su NIF/NIE",
  birthDate: "Introduce una fecha de nacimiento válida",
  email: "Introduce un correo electrónico válido",
  phone: "Introduce un teléfono válido (por ejemplo, 600 123 456)",
  address: "La dirección no puede superar 200 caracteres",
  postalCode: "Introduce un código postal español de 5 cifras",
  city: "La población no puede superar 100 caracteres",
  stage: "Elige una etapa de la lista",
  noChange: "Indica al menos un dato que cambiar",
  note: "Escribe la nota",
  noteTooLong: "La nota no puede superar 2000 caracteres",
  erased: "Los datos de este cliente ya se han anonimizado",
  livePolicies:
    "El cliente tiene pólizas en vigor, suspendidas o pendientes de pago: sus datos se necesitan para el contrato y no se pueden borrar hasta que terminen.",
  /** The date is dd/mm/aaaa. */
  retention: (until: string, years: number) =>
    `Los datos deben conservarse hasta el ${until}: ${years} años desde que terminó la última póliza (Código de Comercio, art. 30, y plazos de prescripción de la Ley de Contrato de Seguro).`,
} as const;

export const NOTE_MAX_LENGTH = 2000;
/** Name given to an anonymised client (and to their account). */
export const ERASED_CLIENT_NAME = "Cliente anonimizado";

// ─── The list ────────────────────────────────────────────────────────────────────────────

export const ClientRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  nif: z.string().nullable().describe("NIF/NIE en mayúsculas sin separadores"),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  stage: z.enum(CLIENT_STAGES),
  policiesInForce: z.number().int().describe("Pólizas en vigor o suspendidas"),
  createdAt: z.string().describe("Alta del cliente (ISO 8601)"),
});
export type ClientRow = z.infer<typeof ClientRowSchema>;

export const CLIENT_SORT_KEYS = ["name", "createdAt"] as const;
export type ClientSortKey = (typeof CLIENT_SORT_KEYS)[number];

export const CLIENT_FILTERS = {
  stage: z
    .preprocess(emptyToUndefined, z.enum(CLIENT_STAGES, { errorMap: () => ({ message: CLIENT_MESSAGES.stage }) }).optional())
    .describe("Solo los clientes en esta etapa del embudo"),
  inForce: z
    .preprocess(emptyToUndefined, z.enum(["true", "false"], { errorMap: () => ({ message: "Elige una opción de la lista" }) }).optional())
    .describe("true: con alguna póliza en vigor o suspendida; false: sin ninguna"),
};

/** A search that is a whole NIF/NIE is looked up exactly (normalised); anything else needs 3 letters. */
export function clientSearchNif(q: string): string | null {
  const nif = validateNif(q);
  if (nif.ok) return nif.value;
  // A company's CIF has the same nine-character shape: looked up exactly too.
  const shaped = normalizeNif(q);
  return /^[A-Z]\d{7}[A-Z0-9]$/.test(shaped) ? shaped : null;
}

/**
 * The start of a NIF/NIE/CIF typed in a search ("B0001", "x-123", "5012"): upper case, separators
 * dropped; a digit first, or a letter and then a digit, as every one of them begins. Else null.
 */
export function nifPrefixOf(q: string): string | null {
  const shaped = normalizeNif(q);
  return /^([0-9]|[A-Z][0-9])[0-9A-Z]{0,7}$/.test(shaped) ? shaped : null;
}

/** What `q` finds, said once for the API's document and the search box's hint. */
export const CLIENT_SEARCH_HELP =
  "Un NIF/NIE completo (exacto) o su comienzo (B0001), o 3 letras o más del nombre o del correo; sin distinguir mayúsculas, acentos ni separadores";

const clientQueries = listQuerySchemas(
  {
    sort: CLIENT_SORT_KEYS,
    defaultSort: "name",
    defaultDir: "asc",
    q: CLIENT_SEARCH_HELP,
    filters: CLIENT_FILTERS,
  },
  (value, ctx) => {
    const q = value.q as string | undefined;
    if (q !== undefined && q.length < 3 && clientSearchNif(q) === null) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["q"], message: CLIENT_MESSAGES.search });
    }
  },
);
export const { list: ClientListQuerySchema, export: ClientExportQuerySchema } = clientQueries;
export type ClientListQuery = z.infer<typeof ClientListQuerySchema>;
export type ClientExportQuery = z.infer<typeof ClientExportQuerySchema>;
export const ClientListSchema = paginated(ClientRowSchema);
export type ClientList = z.infer<typeof ClientListSchema>;

// ─── One client ─────────────────────────────────────────────────────────────────────────

export const ClientDataSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  nif: z.string().nullable(),
  birthDate: z.string().nullable().describe("aaaa-mm-dd"),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  postalCode: z.string().nullable(),
  city: z.string().nullable(),
  stage: z.enum(CLIENT_STAGES),
  createdAt: z.string().describe("ISO 8601"),
  updatedAt: z.string().describe("ISO 8601"),
});
export type ClientData = z.infer<typeof ClientDataSchema>;

export const ClientPolicySchema = z.object({
  id: z.number().int(),
  number: z.string(),
  line: z.enum(LINES),
  plan: z.object({ code: z.string(), name: z.string() }),
  status: z.enum(POLICY_STATUSES),
  frequency: z.enum(FREQUENCIES),
  startDate: z.string().describe("aaaa-mm-dd"),
  endDate: z.string().describe("aaaa-mm-dd"),
  total: z.number().int().describe("Prima total anual, en céntimos"),
});

export const ClientQuoteSchema = z.object({
  id: z.string(),
  line: z.enum(LINES),
  status: z.enum(QUOTE_STATUSES),
  bestPrice: z.number().int().nullable().describe("El precio más bajo de sus planes, en céntimos"),
  createdAt: z.string(),
  validUntil: z.string(),
});

export const ClientReciboSchema = z.object({
  policyId: z.number().int(),
  policyNumber: z.string(),
  sequence: z.number().int(),
  dueDate: z.string().describe("aaaa-mm-dd"),
  amount: z.number().int().describe("Céntimos"),
  status: z.enum(RECIBO_STATUSES),
  paidAt: z.string().nullable(),
});

export const ClientConsentSchema = z.object({
  purpose: z.enum(CONSENT_PURPOSES),
  granted: z.boolean(),
  at: z.string().describe("ISO 8601"),
  ip: z.string().nullable().describe("Desde dónde se dio en la web; ninguna si se dio por teléfono"),
  channel: z.enum(SALES_CHANNELS).describe("web: lo dio el cliente en la web; telefono: lo dio por teléfono y lo registró un empleado"),
  recordedBy: z.string().nullable().describe("El empleado que registró un consentimiento dado por teléfono"),
});

export const ClientDocumentSchema = z.object({
  kind: z.enum(["conditions", "ipid"]),
  name: z.string(),
  policyNumber: z.string().nullable(),
  policyId: z.number().int().nullable().describe("La póliza de unas condiciones particulares; null para un IPID"),
  line: z.enum(LINES),
  url: z.string().describe("Dirección de descarga relativa a la API (las condiciones particulares piden policies:read; el IPID es público)"),
});

export const ClientEmailSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  status: z.enum(EMAIL_STATUSES),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});

export const ClientNoteSchema = z.object({
  id: z.number().int(),
  body: z.string(),
  authorLabel: z.string(),
  at: z.string(),
});
export type ClientNote = z.infer<typeof ClientNoteSchema>;

export const ClientTimelineEntrySchema = z.object({
  at: z.string().describe("ISO 8601"),
  source: z.enum(["audit", "policy"]).describe("audit: registro de auditoría del cliente; policy: historial de una de sus pólizas"),
  code: z.string().describe("La acción de auditoría (client.updated…) o el evento de la póliza (emitida…)"),
  label: z.string().describe("Qué pasó, en español"),
  summary: z.string().nullable(),
  policyNumber: z.string().nullable(),
  actorLabel: z.string().nullable(),
  before: z.unknown().optional(),
  after: z.unknown().optional(),
});
export type ClientTimelineEntry = z.infer<typeof ClientTimelineEntrySchema>;

/** How many rows of each related list the detail carries (the newest). */
export const CLIENT_DETAIL_LIMITS = { quotes: 50, recibos: 100, emails: 50, notes: 100, timeline: 50 } as const;

const counted = <T extends z.ZodTypeAny>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int().describe("Cuántos hay en total (items trae los más recientes)") });

export const ClientDetailSchema = z.object({
  client: ClientDataSchema,
  account: z
    .object({ id: z.number().int(), email: z.string(), active: z.boolean() })
    .nullable()
    .describe("La cuenta de visitante del cliente, si tiene"),
  erasedAt: z.string().nullable().describe("Cuándo se anonimizaron sus datos (ISO 8601), o null"),
  erasure: z
    .object({ allowed: z.boolean(), reason: z.string().nullable().describe("Por qué no se pueden borrar todavía") })
    .describe("Si hoy se pueden anonimizar sus datos"),
  policies: z.array(ClientPolicySchema),
  quotes: counted(ClientQuoteSchema),
  recibos: counted(ClientReciboSchema).extend({
    pendingAmount: z.number().int().describe("Suma de los recibos pendientes o devueltos, en céntimos"),
    returned: z.number().int().describe("Recibos devueltos"),
  }),
  consents: z.array(ClientConsentSchema),
  documents: z.array(ClientDocumentSchema),
  emails: counted(ClientEmailSchema),
  notes: counted(ClientNoteSchema),
  timeline: z
    .array(ClientTimelineEntrySchema)
    .describe(`Lo último que le ha pasado, de lo más nuevo a lo más antiguo (${CLIENT_DETAIL_LIMITS.timeline} como mucho)`),
});
export type ClientDetail = z.infer<typeof ClientDetailSchema>;

// ─── Edit ───────────────────────────────────────────────────────────────────────────────

const text = (required: string) => z.string({ required_error: required, invalid_type_error: required }).trim();

/** Each editable field's rule, as a non-empty value (the form and the API share them). */
export const ClientFieldSchemas = {
  name: text(CLIENT_MESSAGES.name).min(2, CLIENT_MESSAGES.name).max(120, CLIENT_MESSAGES.nameTooLong),
  nif: documented(
    text(CLIENT_MESSAGES.nif)
      .max(20, CLIENT_MESSAGES.nif)
      .refine((v) => validateNif(v).ok, CLIENT_MESSAGES.nif)
      .transform(normalizeNif),
    { pattern: NIF_PATTERN, maxLength: 20, description: "NIF o NIE con su letra de control; se guarda en mayúsculas sin separadores" },
  ),
  birthDate: documented(
    text(CLIENT_MESSAGES.birthDate).refine((v) => isIsoDate(v) && Number(v.slice(0, 4)) >= 1900, CLIENT_MESSAGES.birthDate),
    { format: "date", description: "aaaa-mm-dd, desde 1900" },
  ),
  email: text(CLIENT_MESSAGES.email)
    .max(254, CLIENT_MESSAGES.email)
    .email(CLIENT_MESSAGES.email)
    .transform((v) => v.toLowerCase()),
  phone: documented(
    text(CLIENT_MESSAGES.phone).max(30, CLIENT_MESSAGES.phone).refine(isValidPhone, CLIENT_MESSAGES.phone).transform(normalizePhone),
    {
      pattern: PHONE_PATTERN,
      maxLength: 30,
    },
  ),
  address: text(CLIENT_MESSAGES.address).max(200, CLIENT_MESSAGES.address),
  postalCode: text(CLIENT_MESSAGES.postalCode)
    .regex(/^\d{5}$/, CLIENT_MESSAGES.postalCode)
    .refine((v) => Number(v.slice(0, 2)) >= 1 && Number(v.slice(0, 2)) <= 52, CLIENT_MESSAGES.postalCode),
  city: text(CLIENT_MESSAGES.city).max(100, CLIENT_MESSAGES.city),
};

/** The fields that may be emptied (null). The name always has a value. */
export const CLEARABLE_CLIENT_FIELDS = ["nif", "birthDate", "email", "phone", "address", "postalCode", "city"] as const;
export type ClearableClientField = (typeof CLEARABLE_CLIENT_FIELDS)[number];

const clearable = <T extends z.ZodTypeAny>(schema: T) => z.preprocess((v) => (v === "" ? null : v), schema.nullable().optional());

/** PATCH /admin/clients/{id}: only the fields sent change; null (or "") empties a field. */
export const UpdateClientSchema = z
  .object({
    name: ClientFieldSchemas.name.optional(),
    nif: clearable(ClientFieldSchemas.nif),
    birthDate: clearable(ClientFieldSchemas.birthDate),
    email: clearable(ClientFieldSchemas.email),
    phone: clearable(ClientFieldSchemas.phone),
    address: clearable(ClientFieldSchemas.address),
    postalCode: clearable(ClientFieldSchemas.postalCode),
    city: clearable(ClientFieldSchemas.city),
  })
  .refine((v) => Object.values(v).some((value) => value !== undefined), { message: CLIENT_MESSAGES.noChange });
export type UpdateClient = z.infer<typeof UpdateClientSchema>;

/**
 * The edit form: every field at once, an empty box meaning "no value". `toClientPatch` turns it
 * into the PATCH body (empty boxes become null).
 */
export const ClientFormSchema = z.object({
  name: ClientFieldSchemas.name,
  nif: ClientFieldSchemas.nif.optional(),
  // Typed as dd/mm/aaaa in the form (ADR 020); ISO for the API.
  birthDate: z.preprocess(typedDateToIso, ClientFieldSchemas.birthDate.optional()),
  email: ClientFieldSchemas.email.optional(),
  phone: ClientFieldSchemas.phone.optional(),
  address: ClientFieldSchemas.address.optional(),
  postalCode: ClientFieldSchemas.postalCode.optional(),
  city: ClientFieldSchemas.city.optional(),
});
export type ClientForm = z.infer<typeof ClientFormSchema>;

export function toClientPatch(form: ClientForm): UpdateClient {
  const patch: Record<string, unknown> = { name: form.name };
  for (const field of CLEARABLE_CLIENT_FIELDS) patch[field] = form[field] ?? null;
  return patch as UpdateClient;
}

// ─── Notes ──────────────────────────────────────────────────────────────────────────────

export const NewClientNoteSchema = z.object({
  body: z
    .string({ required_error: CLIENT_MESSAGES.note, invalid_type_error: CLIENT_MESSAGES.note })
    .trim()
    .min(1, CLIENT_MESSAGES.note)
    .max(NOTE_MAX_LENGTH, CLIENT_MESSAGES.noteTooLong)
    .describe("Texto de la nota (solo la ve el equipo)"),
});

// ─── Data rights (ADR 012) ──────────────────────────────────────────────────────────────

/** GET /admin/clients/{id}/gdpr-export: everything Cotiza holds about the client, as one file. */
export const ClientDataExportSchema = z.object({
  exportedAt: z.string(),
  client: ClientDataSchema,
  account: z.object({ id: z.number().int(), name: z.string(), email: z.string(), active: z.boolean(), createdAt: z.string() }).nullable(),
  policies: z.array(
    ClientPolicySchema.extend({
      risk: z.record(z.unknown()).describe("Los datos del riesgo asegurado"),
      optionalGuarantees: z.array(z.string()),
      createdAt: z.string(),
      cancellationReason: z.string().nullable(),
      cancellationEffectiveDate: z.string().nullable(),
      recibos: z.array(ClientReciboSchema.omit({ policyId: true, policyNumber: true })),
      payments: z.array(
        z.object({
          method: z.enum(PAYMENT_METHODS),
          methodLabel: z.string().nullable().describe("Solo lo visible del medio de pago (•••• 4242)"),
          amount: z.number().int(),
          status: z.enum(PAYMENT_STATUSES),
          createdAt: z.string(),
        }),
      ),
    }),
  ),
  quotes: z.array(ClientQuoteSchema.extend({ inputs: z.record(z.unknown()) })),
  consents: z.array(ClientConsentSchema),
  emails: z.array(ClientEmailSchema),
  notes: z.array(ClientNoteSchema),
});
export type ClientDataExport = z.infer<typeof ClientDataExportSchema>;

/** POST /admin/clients/{id}/erase: what was done. */
export const ClientErasureSchema = z.object({
  id: z.number().int(),
  erasedAt: z.string(),
  policiesKept: z.number().int().describe("Pólizas que se conservan (sin datos que identifiquen a la persona)"),
  accountDeactivated: z.boolean(),
});
