// The guarantee catalogue in the back office (ADR 016): the list (query and answer), one guarantee
// with its price history and audit, create, edit, a new price version with its effective date,
// activate and deactivate. Shared with app/: the same rules and Spanish messages on both halves.
import { z } from "zod";
import { emptyToUndefined } from "./text";
import { isIsoDate } from "../domain/calendar";
import { GUARANTEE_PRICE_TYPES, type GuaranteePriceType } from "../domain/catalogue";
import { MAX_GUARANTEE_PERCENT_BP } from "../domain/guarantee-prices";
import { parseEurosToCents } from "../domain/money";
import { listQuerySchemas, paginated } from "./list-query";
import { typedDateToIso } from "./typed-date";
import { type Line, LINES, PRICE_STATUSES } from "./vocabulary";
import { formatBasisPoints, formatMoney } from "./format";

export { GUARANTEE_PRICE_TYPES, type GuaranteePriceType };

/** The longest waiting period (carencia) a guarantee may have, in days. */
export const MAX_WAITING_DAYS = 365;
export const GUARANTEE_PRICE_TYPE_LABELS: Record<GuaranteePriceType, string> = {
  fixed: "Importe fijo anual",
  percent: "Porcentaje de la prima neta",
};

export const GUARANTEE_STATES = ["activa", "inactiva"] as const;
export type GuaranteeState = (typeof GUARANTEE_STATES)[number];
export const GUARANTEE_STATE_LABELS: Record<GuaranteeState, string> = { activa: "Activa", inactiva: "Inactiva" };

export const GUARANTEE_MESSAGES = {
  notFound: "Garantía no encontrada",
  line: "Elige un ramo de la lista",
  code: "Indica un código de 2 a 60 letras minúsculas, cifras o guiones bajos (por ejemplo, auto_lunas)",
  codeTaken: "Ya hay otra garantía con ese código en este ramo",
  name: "Indica el nombre de la garantía",
  nameTooLong: "El nombre no puede superar 120 caracteres",
  description: "Describe la garantía tal como la leerá el cliente",
  descriptionTooLong: "La descripción no puede superar 1000 caracteres",
  hintTooLong: "La ayuda no puede superar 200 caracteres",
  plan: "Elige planes de la lista",
  planOfOtherLine: "Elige solo planes del ramo de la garantía",
  bothIncludedAndOptional: "Un plan no puede incluir la garantía y ofrecerla como opcional a la vez",
  priceType: "Elige si el precio es un importe fijo o un porcentaje",
  amount: "Indica un importe anual en euros mayor que 0 (por ejemplo, 25,50)",
  percent: "Indica un porcentaje mayor que 0 (por ejemplo, 12,5)",
  percentMax: "Un porcentaje no puede ser mayor que 100",
  validFrom: "Indica la fecha de efecto (dd/mm/aaaa)",
  validFromPast: "La fecha de efecto no puede ser anterior a hoy",
  limit: "Indica el límite en euros (por ejemplo, 3.000) o déjalo en blanco",
  limitTextTooLong: "El texto del límite no puede superar 120 caracteres",
  deductible: "Indica la franquicia en euros (0 si no tiene)",
  waitingDays: "Indica la carencia en días: un número entero de 0 a 365 (0 si no tiene)",
  noChange: "Indica al menos un dato que cambiar",
  alreadyActive: "La garantía ya está activa",
  alreadyInactive: "La garantía ya está desactivada",
} as const;

/** A price as a person reads it: "25,50 € al año" or "12,5 % de la prima neta". */
export function describeGuaranteePrice(priceType: GuaranteePriceType, priceValue: number): string {
  if (priceType === "percent") return `${formatBasisPoints(priceValue)} de la prima neta`;
  return `${formatMoney(priceValue)} al año`;
}

// ─── Shared pieces ──────────────────────────────────────────────────────────────────────

const text = (required: string) => z.string({ required_error: required, invalid_type_error: required }).trim();
const lineField = z.enum(LINES, { errorMap: () => ({ message: GUARANTEE_MESSAGES.line }) });
const planCodes = z
  .array(z.string({ invalid_type_error: GUARANTEE_MESSAGES.plan }).trim().min(1, GUARANTEE_MESSAGES.plan).max(60, GUARANTEE_MESSAGES.plan), {
    invalid_type_error: GUARANTEE_MESSAGES.plan,
  })
  .max(50, GUARANTEE_MESSAGES.plan)
  .transform((codes) => [...new Set(codes)]);

export const GuaranteeFieldSchemas = {
  code: text(GUARANTEE_MESSAGES.code)
    .regex(/^[a-z0-9_]{2,60}$/, GUARANTEE_MESSAGES.code)
    .describe("Único dentro del ramo; no cambia después (las pólizas y cotizaciones lo citan)"),
  name: text(GUARANTEE_MESSAGES.name).min(2, GUARANTEE_MESSAGES.name).max(120, GUARANTEE_MESSAGES.nameTooLong),
  description: text(GUARANTEE_MESSAGES.description).min(10, GUARANTEE_MESSAGES.description).max(1000, GUARANTEE_MESSAGES.descriptionTooLong),
  hint: text(GUARANTEE_MESSAGES.hintTooLong).max(200, GUARANTEE_MESSAGES.hintTooLong),
  limitText: text(GUARANTEE_MESSAGES.limitTextTooLong).max(120, GUARANTEE_MESSAGES.limitTextTooLong),
  limitCents: z
    .number({ invalid_type_error: GUARANTEE_MESSAGES.limit })
    .int(GUARANTEE_MESSAGES.limit)
    .min(0, GUARANTEE_MESSAGES.limit)
    .max(2_000_000_000, GUARANTEE_MESSAGES.limit),
  deductibleCents: z
    .number({ required_error: GUARANTEE_MESSAGES.deductible, invalid_type_error: GUARANTEE_MESSAGES.deductible })
    .int(GUARANTEE_MESSAGES.deductible)
    .min(0, GUARANTEE_MESSAGES.deductible)
    .max(2_000_000_000, GUARANTEE_MESSAGES.deductible),
  waitingDays: z
    .number({ required_error: GUARANTEE_MESSAGES.waitingDays, invalid_type_error: GUARANTEE_MESSAGES.waitingDays })
    .int(GUARANTEE_MESSAGES.waitingDays)
    .min(0, GUARANTEE_MESSAGES.waitingDays)
    .max(MAX_WAITING_DAYS, GUARANTEE_MESSAGES.waitingDays)
    .describe("Carencia: días desde que la garantía empieza en una póliza en los que un siniestro no está cubierto (0: sin carencia; ADR 042)"),
};

/** A price: fixed = yearly cents, percent = basis points (12,5 % = 1250), positive; a percentage at most 100. */
const PriceShape = {
  priceType: z.enum(GUARANTEE_PRICE_TYPES, { errorMap: () => ({ message: GUARANTEE_MESSAGES.priceType }) }),
  priceValue: z
    .number({ required_error: GUARANTEE_MESSAGES.amount, invalid_type_error: GUARANTEE_MESSAGES.amount })
    .int(GUARANTEE_MESSAGES.amount)
    .positive(GUARANTEE_MESSAGES.amount)
    .max(2_000_000_000, GUARANTEE_MESSAGES.amount)
    .describe("fixed: céntimos al año; percent: puntos básicos de la prima neta (1250 = 12,5 %)"),
};

function checkPrice(value: { priceType?: GuaranteePriceType; priceValue?: number }, ctx: z.RefinementCtx, path = "priceValue") {
  if (value.priceType === "percent" && typeof value.priceValue === "number" && value.priceValue > MAX_GUARANTEE_PERCENT_BP) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: [path], message: GUARANTEE_MESSAGES.percentMax });
  }
}

function checkPlans(value: { includedIn?: string[]; optionalIn?: string[] }, ctx: z.RefinementCtx) {
  const included = new Set(value.includedIn ?? []);
  if ((value.optionalIn ?? []).some((code) => included.has(code))) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["optionalIn"], message: GUARANTEE_MESSAGES.bothIncludedAndOptional });
  }
}

const isoDate = text(GUARANTEE_MESSAGES.validFrom).refine(isIsoDate, GUARANTEE_MESSAGES.validFrom);

// ─── The list ────────────────────────────────────────────────────────────────────────────

const PlanRefSchema = z.object({ code: z.string(), name: z.string() });
const PriceSchema = z.object({ priceType: z.enum(GUARANTEE_PRICE_TYPES), priceValue: z.number().int() });

export const GuaranteeRowSchema = z.object({
  id: z.number().int(),
  line: z.enum(LINES),
  code: z.string(),
  name: z.string(),
  includedIn: z.array(PlanRefSchema).describe("Planes cuyo precio la incluye"),
  optionalIn: z.array(PlanRefSchema).describe("Planes que la ofrecen como opcional, a su precio"),
  price: PriceSchema.describe("El precio en vigor hoy"),
  nextPrice: PriceSchema.extend({ validFrom: z.string() }).nullable().describe("El próximo cambio de precio ya programado, si hay"),
  limitText: z.string().nullable(),
  limitCents: z.number().int().nullable(),
  deductibleCents: z.number().int(),
  waitingDays: z.number().int().describe("Carencia en días (0: sin carencia)"),
  active: z.boolean(),
  livePolicies: z
    .number()
    .int()
    .describe("Pólizas pendientes de pago, en vigor o suspendidas que la llevan (incluida en su plan o contratada como opcional)"),
});
export type GuaranteeRow = z.infer<typeof GuaranteeRowSchema>;

export const GUARANTEE_SORT_KEYS = ["line", "code", "name"] as const;
export type GuaranteeSortKey = (typeof GUARANTEE_SORT_KEYS)[number];

export const GUARANTEE_FILTERS = {
  line: z.preprocess(emptyToUndefined, lineField.optional()).describe("Solo las garantías de este ramo"),
  state: z
    .preprocess(emptyToUndefined, z.enum(GUARANTEE_STATES, { errorMap: () => ({ message: "Elige un estado de la lista" }) }).optional())
    .describe("activa: se ofrece en las cotizaciones; inactiva: desactivada"),
};

const guaranteeQueries = listQuerySchemas({
  sort: GUARANTEE_SORT_KEYS,
  defaultSort: "line",
  defaultDir: "asc",
  q: "Parte del código o del nombre (sin distinguir mayúsculas ni acentos)",
  filters: GUARANTEE_FILTERS,
});
export const { list: GuaranteeListQuerySchema, export: GuaranteeExportQuerySchema } = guaranteeQueries;
export type GuaranteeListQuery = z.infer<typeof GuaranteeListQuerySchema>;
export type GuaranteeExportQuery = z.infer<typeof GuaranteeExportQuerySchema>;
export const GuaranteeListSchema = paginated(GuaranteeRowSchema);
export type GuaranteeList = z.infer<typeof GuaranteeListSchema>;

// ─── One guarantee ──────────────────────────────────────────────────────────────────────

export const GuaranteePriceVersionSchema = PriceSchema.extend({
  version: z.number().int(),
  validFrom: z.string().describe("Primer día en que se aplica a las cotizaciones nuevas (aaaa-mm-dd, hora de España)"),
  createdBy: z.string().nullable().describe("Quién lo cambió (null: carga inicial)"),
  createdAt: z.string().describe("ISO 8601"),
  status: z.enum(PRICE_STATUSES).describe("vigente: el de hoy; programado: empieza más adelante; anterior: ya no se aplica"),
});
export type GuaranteePriceVersionView = z.infer<typeof GuaranteePriceVersionSchema>;

export const GuaranteeAuditEntrySchema = z.object({
  at: z.string(),
  action: z.string(),
  label: z.string(),
  actorLabel: z.string().nullable(),
  before: z.unknown().optional(),
  after: z.unknown().optional(),
});
export type GuaranteeAuditEntry = z.infer<typeof GuaranteeAuditEntrySchema>;

export const GuaranteeDetailSchema = GuaranteeRowSchema.extend({
  description: z.string(),
  hint: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  today: z.string().describe("Hoy según la API (aaaa-mm-dd, hora de España): la fecha de efecto más temprana posible"),
  linePlans: z.array(PlanRefSchema).describe("Los planes de su ramo, para elegir dónde se incluye u ofrece"),
  prices: z.array(GuaranteePriceVersionSchema).describe("Todas las versiones de su precio, la más reciente primero"),
  history: z.array(GuaranteeAuditEntrySchema).describe("Sus cambios en el registro de auditoría, lo más nuevo primero (50 como mucho)"),
});
export type GuaranteeDetail = z.infer<typeof GuaranteeDetailSchema>;

// ─── Writes (JSON bodies of the API) ────────────────────────────────────────────────────

const nullableText = (schema: z.ZodString) =>
  z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? null : v), schema.nullable().optional());

/** POST /admin/guarantees: the guarantee with its first price (version 1, in force from today). */
export const NewGuaranteeSchema = z
  .object({
    line: lineField,
    code: GuaranteeFieldSchemas.code,
    name: GuaranteeFieldSchemas.name,
    description: GuaranteeFieldSchemas.description,
    hint: nullableText(GuaranteeFieldSchemas.hint),
    includedIn: planCodes.default([]).describe("Códigos de los planes del ramo que la incluyen"),
    optionalIn: planCodes.default([]).describe("Códigos de los planes del ramo que la ofrecen como opcional"),
    ...PriceShape,
    limitText: nullableText(GuaranteeFieldSchemas.limitText),
    limitCents: GuaranteeFieldSchemas.limitCents.nullable().optional(),
    deductibleCents: GuaranteeFieldSchemas.deductibleCents.default(0),
    waitingDays: GuaranteeFieldSchemas.waitingDays.default(0),
    active: z.boolean({ invalid_type_error: "active debe ser true o false" }).default(true),
  })
  .superRefine((value, ctx) => {
    checkPrice(value, ctx);
    checkPlans(value, ctx);
  });
export type NewGuarantee = z.infer<typeof NewGuaranteeSchema>;

/** PATCH /admin/guarantees/{id}: only the fields sent change. Line and code never change; the price changes by version. */
export const UpdateGuaranteeSchema = z
  .object({
    name: GuaranteeFieldSchemas.name.optional(),
    description: GuaranteeFieldSchemas.description.optional(),
    hint: nullableText(GuaranteeFieldSchemas.hint),
    includedIn: planCodes.optional(),
    optionalIn: planCodes.optional(),
    limitText: nullableText(GuaranteeFieldSchemas.limitText),
    limitCents: GuaranteeFieldSchemas.limitCents.nullable().optional(),
    deductibleCents: GuaranteeFieldSchemas.deductibleCents.optional(),
    waitingDays: GuaranteeFieldSchemas.waitingDays.optional(),
  })
  .strict("Solo se pueden cambiar nombre, descripción, ayuda, planes, límite, franquicia y carencia; el precio cambia con una nueva versión")
  .superRefine((value, ctx) => {
    if (Object.values(value).every((v) => v === undefined)) ctx.addIssue({ code: z.ZodIssueCode.custom, message: GUARANTEE_MESSAGES.noChange });
    checkPlans(value, ctx);
  });
export type UpdateGuarantee = z.infer<typeof UpdateGuaranteeSchema>;

/** POST /admin/guarantees/{id}/prices: a new version, in force from validFrom (today or later). */
export const NewGuaranteePriceSchema = z
  .object({ ...PriceShape, validFrom: isoDate.describe("aaaa-mm-dd; hoy o más adelante (hora de España)") })
  .superRefine((value, ctx) => checkPrice(value, ctx));
export type NewGuaranteePrice = z.infer<typeof NewGuaranteePriceSchema>;

// ─── The web's forms (the same rules; amounts typed the Spanish way) ─────────────────────

/** "25,50" → 2550 cents; "12,5" (%) → 1250 bp: both are hundredths. undefined when empty, NaN when not a number. */
function hundredths(value: unknown): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string") return Number.NaN;
  if (value.trim() === "") return undefined;
  return parseEurosToCents(value.replace(/\s*%$/, "")) ?? Number.NaN;
}
const amountText = z.string().trim().optional();

/** The form's price: type and amount as typed; `priceValue` in the API's units. */
function formPrice(value: { priceType?: GuaranteePriceType; price?: string }, ctx: z.RefinementCtx): number {
  const parsed = hundredths(value.price);
  const message = value.priceType === "percent" ? GUARANTEE_MESSAGES.percent : GUARANTEE_MESSAGES.amount;
  if (parsed === undefined || Number.isNaN(parsed) || parsed <= 0) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["price"], message });
    return z.NEVER;
  }
  if (value.priceType === "percent" && parsed > MAX_GUARANTEE_PERCENT_BP) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["price"], message: GUARANTEE_MESSAGES.percentMax });
    return z.NEVER;
  }
  return parsed;
}

function formCents(value: string | undefined, path: string, message: string, ctx: z.RefinementCtx, fallback: number | null): number | null {
  const parsed = hundredths(value);
  if (parsed === undefined) return fallback;
  if (Number.isNaN(parsed) || parsed < 0) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: [path], message });
    return z.NEVER;
  }
  return parsed;
}

/** The carencia as typed: whole days 0–365; empty is 0 (no waiting period). */
function formWaitingDays(value: string | undefined, ctx: z.RefinementCtx): number {
  if (value === undefined || value === "") return 0;
  const days = /^\d{1,3}$/.test(value) ? Number(value) : Number.NaN;
  if (!(days <= MAX_WAITING_DAYS)) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["waitingDays"], message: GUARANTEE_MESSAGES.waitingDays });
    return z.NEVER;
  }
  return days;
}

/** The plan checkboxes post "línea/código": each must be of the guarantee's line. */
function planChoices(values: string[], line: Line | undefined, path: string, ctx: z.RefinementCtx): string[] {
  const codes: string[] = [];
  for (const value of values) {
    const [planLine, code] = value.split("/");
    if (!code || planLine !== line) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: [path], message: GUARANTEE_MESSAGES.planOfOtherLine });
      return [];
    }
    codes.push(code);
  }
  return codes;
}

const formPlans = z.array(z.string()).default([]);
const formDetailsShape = {
  name: GuaranteeFieldSchemas.name,
  description: GuaranteeFieldSchemas.description,
  hint: z.string().trim().max(200, GUARANTEE_MESSAGES.hintTooLong).optional(),
  includedIn: formPlans,
  optionalIn: formPlans,
  limit: amountText,
  limitText: z.string().trim().max(120, GUARANTEE_MESSAGES.limitTextTooLong).optional(),
  deductible: amountText,
  waitingDays: z.string().trim().optional(),
};

/** Plan value in the form: "auto/terceros". */
export const planChoiceValue = (line: Line, code: string) => `${line}/${code}`;

/** /admin/guarantees/new: the form, turned into the POST body. */
export const GuaranteeCreateFormSchema = z
  .object({
    line: lineField,
    code: GuaranteeFieldSchemas.code,
    ...formDetailsShape,
    priceType: PriceShape.priceType,
    price: amountText,
    active: z.preprocess((v) => v === "on" || v === true, z.boolean()).default(false),
  })
  .transform((value, ctx): NewGuarantee => {
    const includedIn = planChoices(value.includedIn, value.line, "includedIn", ctx);
    const optionalIn = planChoices(value.optionalIn, value.line, "optionalIn", ctx);
    if (optionalIn.some((code) => includedIn.includes(code))) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["optionalIn"], message: GUARANTEE_MESSAGES.bothIncludedAndOptional });
    }
    const priceValue = formPrice(value, ctx);
    const limitCents = formCents(value.limit, "limit", GUARANTEE_MESSAGES.limit, ctx, null);
    const deductibleCents = formCents(value.deductible, "deductible", GUARANTEE_MESSAGES.deductible, ctx, 0) ?? 0;
    const waitingDays = formWaitingDays(value.waitingDays, ctx);
    return {
      line: value.line,
      code: value.code,
      name: value.name,
      description: value.description,
      hint: value.hint || null,
      includedIn,
      optionalIn,
      priceType: value.priceType,
      priceValue,
      limitText: value.limitText || null,
      limitCents,
      deductibleCents,
      waitingDays,
      active: value.active,
    };
  });

/** /admin/guarantees/{id}/edit: the form (its line is fixed, sent hidden), turned into the PATCH body. */
export const GuaranteeEditFormSchema = z.object({ line: lineField, ...formDetailsShape }).transform((value, ctx): UpdateGuarantee => {
  const includedIn = planChoices(value.includedIn, value.line, "includedIn", ctx);
  const optionalIn = planChoices(value.optionalIn, value.line, "optionalIn", ctx);
  if (optionalIn.some((code) => includedIn.includes(code))) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["optionalIn"], message: GUARANTEE_MESSAGES.bothIncludedAndOptional });
  }
  return {
    name: value.name,
    description: value.description,
    hint: value.hint || null,
    includedIn,
    optionalIn,
    limitText: value.limitText || null,
    limitCents: formCents(value.limit, "limit", GUARANTEE_MESSAGES.limit, ctx, null),
    deductibleCents: formCents(value.deductible, "deductible", GUARANTEE_MESSAGES.deductible, ctx, 0) ?? 0,
    waitingDays: formWaitingDays(value.waitingDays, ctx),
  };
});

/** The detail page's "Nuevo precio" form, turned into the POST body. */
export const GuaranteePriceFormSchema = z
  // validFrom typed as dd/mm/aaaa in the form (ADR 020); ISO for the API.
  .object({ priceType: PriceShape.priceType, price: amountText, validFrom: z.preprocess(typedDateToIso, isoDate) })
  .transform((value, ctx): NewGuaranteePrice => ({ priceType: value.priceType, priceValue: formPrice(value, ctx), validFrom: value.validFrom }));

/** An amount in the API's units back to what the form shows ("25,5" → "25,50"; 1250 bp → "12,5"). */
export function priceInput(priceType: GuaranteePriceType, priceValue: number): string {
  if (priceType === "percent") return String(priceValue / 100).replace(".", ",");
  const euros = Math.floor(priceValue / 100);
  const rest = priceValue % 100;
  return rest === 0 ? String(euros) : `${euros},${String(rest).padStart(2, "0")}`;
}
