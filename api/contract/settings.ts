// The business settings (ADR 038): one zod schema per key for its value (the API checks every new
// version with it; the pages' forms end in it), the groups the back office shows them in, and the
// answers of /admin/settings. Shared with app/: the same rules and Spanish messages on both halves.
import { z } from "zod";
import type { SettingKey, SettingsValues } from "../domain/catalogue";
import { isValidCif } from "../domain/nif";
import { CREDITOR_MESSAGES, creditorErrors, normalizeCreditor } from "../domain/sepa";
import { IdParamSchema } from "./ids";
import { FREQUENCIES, LINES, type Line } from "./vocabulary";

export type { SettingKey };

export const SETTING_MESSAGES = {
  notFound: "Ajuste no encontrado",
  versionNotFound: "Versión no encontrada",
  invalid: "El valor no es válido",
  effectiveFrom: "Indica la fecha de efecto (dd/mm/aaaa)",
  effectiveFromPast: "La fecha de efecto no puede ser anterior a hoy",
  alreadyInForce: "Esta versión ya está en vigor: no se puede retirar. Programe otra con el valor que corresponda",
  alreadyWithdrawn: "Esta versión ya se retiró",
  noteTooLong: "La nota no puede superar 500 caracteres",
  required: "Este dato es obligatorio",
  rate: "Indica un porcentaje de 0 o más (por ejemplo, 7 o 0,15)",
  money: "Indica un importe en euros de 0 o más (por ejemplo, 2,10)",
  wholeNumber: "Indica un número entero de 0 o más",
  days: "Indica un número de días entre 1 y 365",
  dayList: "Indica los días separados por comas, de menor a mayor y mayores que 0 (por ejemplo, 1, 7, 20)",
  email: "Introduzca una dirección de correo válida",
  cif: "Introduzca un NIF de empresa válido (por ejemplo, B12345674)",
  distributorKey: "La clave de la DGSFP de un distribuidor es una letra, un guion y cifras (por ejemplo, J-3921)",
  insurerKey: "La clave de la DGSFP de una aseguradora es una C y cuatro cifras (por ejemplo, C0999)",
  lines: "Elige ramos de la lista",
  retryMax: "La espera máxima no puede ser menor que la primera",
  leadHours: "Indica un número de horas entre 1 y 720",
  leadDays: "Indica un número de días entre 1 y 90",
  noticeMonths: "Indica un número de meses entre 2 y 6: la ley pide comunicar la renovación con dos meses de antelación como mínimo (art. 22 LCS)",
} as const;

// ─── The value of each key ──────────────────────────────────────────────────────────────

const M = SETTING_MESSAGES;
const text = (max = 200) => z.string({ required_error: M.required, invalid_type_error: M.required }).trim().min(1, M.required).max(max);
const int = (message: string, max = 2_000_000_000) =>
  z.number({ required_error: message, invalid_type_error: message }).int(message).min(0, message).max(max, message);
const bp = int(M.rate, 10_000);
const cents = int(M.money, 100_000_00);
const days = int(M.days, 365).min(1, M.days);
const email = text(254).email(M.email);
const cif = text(20)
  .transform((v) => v.replace(/[\s.-]/g, "").toUpperCase())
  .refine(isValidCif, M.cif);

const DistributorSchema = z.object({
  distributorName: text(),
  distributorTaxId: cif,
  registrationNumber: text(20).regex(/^[A-Z]-\d{1,6}$/, M.distributorKey),
  address: text(300),
  email,
  phone: text(40),
  complaintsEmail: email,
});

const InsurerSchema = z.object({ name: text(), taxId: cif, dgsfpKey: text(10).regex(/^C\d{4}$/, M.insurerKey), address: text(300) });

const SepaCreditorSchema = z
  .object({ name: text(70), creditorId: text(60), iban: text(60), bic: text(20) })
  .superRefine((value, ctx) => {
    for (const [path, messages] of Object.entries(creditorErrors(value)))
      for (const message of messages) ctx.addIssue({ code: z.ZodIssueCode.custom, path: [path], message });
  })
  .transform(normalizeCreditor);

const DayListSchema = z
  .array(days, { invalid_type_error: M.dayList })
  .min(1, M.dayList)
  .max(20, M.dayList)
  .refine((list) => list.every((d, i) => i === 0 || d > list[i - 1]!), M.dayList);

export const SETTING_VALUE_SCHEMAS = {
  distributor: DistributorSchema,
  insurers: z.object(Object.fromEntries(LINES.map((line) => [line, InsurerSchema])) as Record<Line, typeof InsurerSchema>),
  fractionation_surcharges_bp: z.object(Object.fromEntries(FREQUENCIES.map((f) => [f, bp])) as Record<(typeof FREQUENCIES)[number], typeof bp>),
  consorcio: z.object({ autoCentsPerVehicle: cents, hogarPpmOfSumInsured: int(M.wholeNumber, 1_000_000), alquilerCents: cents }),
  clea_bp: bp,
  ips_bp: bp,
  quote_validity_days: days,
  withdrawal_days: days,
  withdrawal_lines: z
    .array(z.enum(LINES, { errorMap: () => ({ message: M.lines }) }))
    .max(LINES.length, M.lines)
    .transform((lines) => LINES.filter((l) => lines.includes(l))),
  sepa_creditor: SepaCreditorSchema,
  sepa_return_deadline_business_days: int(M.days, 30).min(1, M.days),
  return_fee_cents: cents,
  dunning_days: DayListSchema,
  email_retry: z
    .object({ baseSeconds: int(M.wholeNumber, 86_400).min(1, M.wholeNumber), maxSeconds: int(M.wholeNumber, 7 * 86_400).min(1, M.wholeNumber) })
    .refine((r) => r.maxSeconds >= r.baseSeconds, { path: ["maxSeconds"], message: M.retryMax }),
  renewal_notice_months: int(M.noticeMonths, 6).min(2, M.noticeMonths),
  lead_quote_after_hours: int(M.leadHours, 720).min(1, M.leadHours),
  lead_stale_days: int(M.leadDays, 90).min(1, M.leadDays),
} satisfies { [K in SettingKey]: z.ZodType<SettingsValues[K], z.ZodTypeDef, unknown> };

export const SETTING_KEYS = Object.keys(SETTING_VALUE_SCHEMAS) as SettingKey[];
export const isSettingKey = (key: string): key is SettingKey => (SETTING_KEYS as string[]).includes(key);

/** The name of a value's field in forms and in the API's field errors: its path joined by "_" ("auto_name"); a bare number is "value". */
export const settingFieldName = (path: readonly (string | number)[]) => (path.length === 0 ? "value" : path.join("_"));

/** The field an issue of the key's value belongs to: a key that is one number or one list has the single field "value". */
export function settingIssueField(key: SettingKey, path: readonly (string | number)[]): string {
  let schema: z.ZodTypeAny = SETTING_VALUE_SCHEMAS[key];
  while (schema instanceof z.ZodEffects) schema = schema.innerType();
  return schema instanceof z.ZodObject ? settingFieldName(path.filter((p) => typeof p === "string")) : "value";
}

/** Each field's Spanish messages, by settingFieldName; empty when the value is valid. */
export function settingValueErrors(key: SettingKey, value: unknown): Record<string, string[]> {
  const parsed = SETTING_VALUE_SCHEMAS[key].safeParse(value);
  if (parsed.success) return {};
  const errors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const name = settingIssueField(key, issue.path);
    const message = issue.code === "invalid_type" && issue.received === "undefined" ? M.required : issue.message;
    const list = (errors[name] ??= []);
    if (!list.includes(message)) list.push(message);
  }
  return errors;
}

export { CREDITOR_MESSAGES };

// ─── Groups and descriptions ────────────────────────────────────────────────────────────

export const SETTING_GROUPS = ["distribuidor", "aseguradoras", "recargos", "plazos", "cobros", "correo", "embudo"] as const;
export type SettingGroup = (typeof SETTING_GROUPS)[number];

export const SETTING_GROUP_LABELS: Record<SettingGroup, string> = {
  distribuidor: "Distribuidor",
  aseguradoras: "Aseguradoras por ramo",
  recargos: "Recargos e impuestos",
  plazos: "Plazos",
  cobros: "Cobros y recibos",
  correo: "Correo",
  embudo: "Embudo comercial",
};

export const SETTING_GROUP_KEYS: Record<SettingGroup, SettingKey[]> = {
  distribuidor: ["distributor"],
  aseguradoras: ["insurers"],
  recargos: ["fractionation_surcharges_bp", "consorcio", "clea_bp", "ips_bp"],
  plazos: ["quote_validity_days", "withdrawal_days", "withdrawal_lines", "renewal_notice_months"],
  cobros: ["sepa_creditor", "sepa_return_deadline_business_days", "return_fee_cents", "dunning_days"],
  correo: ["email_retry"],
  embudo: ["lead_quote_after_hours", "lead_stale_days"],
};

export const settingGroupOf = (key: SettingKey): SettingGroup => SETTING_GROUPS.find((g) => SETTING_GROUP_KEYS[g].includes(key))!;

export const SETTING_LABELS: Record<SettingKey, string> = {
  distributor: "Datos del distribuidor",
  insurers: "Aseguradora de cada ramo",
  fractionation_surcharges_bp: "Recargo por fraccionamiento",
  consorcio: "Recargos del Consorcio",
  clea_bp: "Recargo CLEA",
  ips_bp: "Impuesto sobre las primas (IPS)",
  quote_validity_days: "Validez de las cotizaciones",
  withdrawal_days: "Plazo de desistimiento",
  withdrawal_lines: "Ramos con desistimiento",
  sepa_creditor: "Acreedor SEPA",
  sepa_return_deadline_business_days: "Plazo de devolución de las remesas",
  return_fee_cents: "Gastos de devolución",
  dunning_days: "Calendario de recordatorios de pago",
  email_retry: "Reintentos de envío",
  renewal_notice_months: "Aviso de renovación",
  lead_quote_after_hours: "Cotizaciones web que pasan al embudo",
  lead_stale_days: "Oportunidades paradas",
};

/** Spanish descriptions of the settings, for the back office and the OpenAPI document. */
export const SETTING_DESCRIPTIONS: Record<SettingKey, string> = {
  distributor: "Identidad del distribuidor: razón social, NIF, inscripción en la DGSFP y datos de contacto",
  fractionation_surcharges_bp: "Recargo por fraccionamiento del pago, en porcentaje de la prima neta",
  consorcio: "Recargos del Consorcio de Compensación de Seguros por ramo",
  clea_bp: "Recargo CLEA, en porcentaje de la prima neta",
  ips_bp: "Impuesto sobre las primas de seguros (IPS), en porcentaje",
  quote_validity_days: "Días de validez de una cotización",
  withdrawal_days: "Días para ejercer el desistimiento desde la contratación",
  withdrawal_lines: "Ramos que admiten desistimiento",
  sepa_creditor: "Acreedor de los adeudos SEPA: nombre, identificador de acreedor, IBAN de abono y BIC",
  sepa_return_deadline_business_days: "Días hábiles tras la fecha de cobro de una remesa hasta dar por cobrados sus recibos no devueltos",
  return_fee_cents: "Gastos de devolución que se repercuten al cliente por un recibo devuelto (0: ninguno)",
  dunning_days: "Días tras la devolución o el vencimiento de un recibo impagado en que se envía un recordatorio de pago",
  insurers: "Entidad aseguradora de cada ramo (razón social, NIF, clave DGSFP y domicilio) para las pólizas nuevas; cada póliza guarda la suya",
  email_retry: "Reintentos del envío de correos: espera tras el primer fallo, que se duplica en cada intento hasta la espera máxima",
  renewal_notice_months:
    "Meses antes del vencimiento en que se prepara la renovación y se envía al tomador su aviso con la nueva prima (art. 22 LCS: dos como mínimo)",
  lead_quote_after_hours:
    "Horas tras las que la cotización de un visitante con cuenta que no ha contratado pasa al embudo comercial como oportunidad (la ejecución diaria la crea)",
  lead_stale_days: "Días sin actividad tras los que una oportunidad abierta se marca como parada en el embudo",
};

// ─── The API's answers and bodies ───────────────────────────────────────────────────────

export const SETTING_VERSION_STATUSES = ["vigente", "programado", "anterior", "retirado"] as const;
export type SettingVersionStatus = (typeof SETTING_VERSION_STATUSES)[number];

export const SettingVersionSchema = z.object({
  id: z.number().int(),
  value: z.any(),
  effectiveFrom: z.string().describe("Primer día en que se aplica (aaaa-mm-dd, hora de España)"),
  createdAt: z.string().describe("ISO 8601"),
  createdBy: z.string().nullable().describe("Quién la creó (null: carga inicial)"),
  note: z.string().nullable(),
  status: z
    .enum(SETTING_VERSION_STATUSES)
    .describe("vigente: la de hoy; programado: empieza más adelante; anterior: sustituida; retirado: retirada antes de empezar"),
  withdrawnAt: z.string().nullable(),
  withdrawnBy: z.string().nullable(),
});
export type SettingVersionView = z.infer<typeof SettingVersionSchema>;

export const SettingSummarySchema = z.object({
  key: z.string(),
  group: z.enum(SETTING_GROUPS),
  label: z.string(),
  description: z.string(),
  value: z.any().describe("El valor en vigor hoy"),
  since: z.string().describe("Desde qué día está en vigor (aaaa-mm-dd)"),
  scheduled: z.array(SettingVersionSchema).describe("Los cambios programados, el más próximo primero"),
});
export type SettingSummary = z.infer<typeof SettingSummarySchema>;

export const SettingsOverviewSchema = z.object({
  today: z.string().describe("Hoy según la API (aaaa-mm-dd, hora de España): la fecha de efecto más temprana posible"),
  settings: z.array(SettingSummarySchema),
});
export type SettingsOverview = z.infer<typeof SettingsOverviewSchema>;

export const SettingDetailSchema = SettingSummarySchema.extend({
  today: z.string(),
  history: z.array(SettingVersionSchema).describe("Todas sus versiones, la más reciente primero"),
});
export type SettingDetail = z.infer<typeof SettingDetailSchema>;

export const SettingKeyParamSchema = z.object({ key: z.string().max(60).describe("La clave del ajuste, p. ej. fractionation_surcharges_bp") });
export const SettingVersionParamSchema = SettingKeyParamSchema.extend({ id: IdParamSchema.shape.id });

export const NewSettingVersionSchema = z.object({
  value: z.unknown().describe("El nuevo valor, con la forma de su clave (céntimos, puntos básicos, listas de días…)"),
  effectiveFrom: z.string().max(10).describe("Primer día en que se aplica, hoy o más adelante (aaaa-mm-dd)"),
  note: z.string().trim().max(500, M.noteTooLong).optional(),
});
export type NewSettingVersion = z.infer<typeof NewSettingVersionSchema>;
