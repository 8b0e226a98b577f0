// The business settings as people type and read them (ADR 038): each key's fields (money in
// euros, rates in %, day lists "1, 7, 20", lines as checkboxes), the form schema that turns what was
// typed into the API's value and checks it with the key's own schema (SETTING_VALUE_SCHEMAS), and
// the value written back as text for the pages. Pure; shared by the pages and their tests.
import { z } from "zod";
import type { SettingKey } from "../domain/catalogue";
import { centsToEurosInput, parseEurosToCents } from "../domain/money";
import { formatBasisPoints, formatMoney } from "./format";
import { SETTING_MESSAGES, SETTING_VALUE_SCHEMAS, settingFieldName, settingIssueField } from "./settings";
import { typedDateToIso } from "./typed-date";
import { isIsoDate } from "../domain/calendar";
import { FREQUENCIES, FREQUENCY_LABELS, LINE_LABELS, LINES, type Line } from "./vocabulary";

export type SettingFieldKind = "text" | "email" | "percent" | "euros" | "int" | "dayList" | "lines";
export type SettingField = {
  /** The form field's name: settingFieldName(path). */
  name: string;
  path: string[];
  label: string;
  kind: SettingFieldKind;
  hint?: string;
  /** Shown after a number ("días"). */
  unit?: string;
  /** The fieldset it belongs to (an insurer's line). */
  section?: string;
};

const field = (path: string[], label: string, kind: SettingFieldKind, extra: Partial<SettingField> = {}): SettingField => ({
  name: settingFieldName(path),
  path,
  label,
  kind,
  ...extra,
});

const insurerFields = (line: Line): SettingField[] => [
  field([line, "name"], "Razón social", "text", { section: LINE_LABELS[line] }),
  field([line, "taxId"], "NIF", "text", { section: LINE_LABELS[line], hint: "Por ejemplo, A28645315." }),
  field([line, "dgsfpKey"], "Clave DGSFP", "text", { section: LINE_LABELS[line], hint: "Una C y cuatro cifras, por ejemplo C0999." }),
  field([line, "address"], "Domicilio social", "text", { section: LINE_LABELS[line] }),
];

const PERCENT_HINT = "En porcentaje, por ejemplo 7 o 0,15.";

export const SETTING_FIELDS: Record<SettingKey, SettingField[]> = {
  distributor: [
    field(["distributorName"], "Razón social", "text"),
    field(["distributorTaxId"], "NIF", "text", { hint: "Por ejemplo, B12345674." }),
    field(["registrationNumber"], "Clave de inscripción en la DGSFP", "text", { hint: "Por ejemplo, J-3921." }),
    field(["address"], "Domicilio", "text"),
    field(["email"], "Correo electrónico", "email"),
    field(["phone"], "Teléfono", "text"),
    field(["complaintsEmail"], "Correo del servicio de atención al cliente", "email"),
  ],
  insurers: LINES.flatMap(insurerFields),
  fractionation_surcharges_bp: FREQUENCIES.map((f) => field([f], `Pago ${FREQUENCY_LABELS[f].toLowerCase()}`, "percent", { hint: PERCENT_HINT })),
  consorcio: [
    field(["autoCentsPerVehicle"], "Coche: importe por vehículo", "euros", { hint: "En euros al año, por ejemplo 2,10." }),
    field(["hogarPpmOfSumInsured"], "Hogar: por millón de la suma asegurada", "int", { hint: "Partes por millón, por ejemplo 70." }),
    field(["alquilerCents"], "Alquiler: importe por póliza", "euros", { hint: "En euros al año (0: ninguno)." }),
  ],
  clea_bp: [field([], "Recargo CLEA", "percent", { hint: PERCENT_HINT })],
  ips_bp: [field([], "IPS", "percent", { hint: PERCENT_HINT })],
  quote_validity_days: [field([], "Días de validez", "int", { unit: "días" })],
  withdrawal_days: [field([], "Días para desistir", "int", { unit: "días" })],
  withdrawal_lines: [field([], "Ramos con desistimiento", "lines")],
  sepa_creditor: [
    field(["name"], "Nombre del acreedor", "text", { hint: "Hasta 70 caracteres; las tildes se quitan en el fichero." }),
    field(["creditorId"], "Identificador de acreedor", "text", { hint: "ES, dos dígitos de control, ZZZ y el NIF. Por ejemplo, ES11ZZZB12345674." }),
    field(["iban"], "IBAN de abono", "text"),
    field(["bic"], "BIC", "text", { hint: "8 u 11 caracteres, por ejemplo CAIXESBBXXX." }),
  ],
  sepa_return_deadline_business_days: [field([], "Días hábiles", "int", { unit: "días hábiles" })],
  return_fee_cents: [field([], "Gastos por recibo devuelto", "euros", { hint: "En euros (0: ninguno)." })],
  dunning_days: [field([], "Días del calendario", "dayList", { hint: "Separados por comas, de menor a mayor, por ejemplo 1, 7, 20." })],
  email_retry: [
    field(["baseSeconds"], "Primera espera", "int", { unit: "segundos", hint: "Tras el primer fallo; se duplica en cada intento." }),
    field(["maxSeconds"], "Espera máxima", "int", { unit: "segundos" }),
  ],
  renewal_notice_months: [field([], "Meses de antelación", "int", { unit: "meses", hint: "Entre 2 y 6." })],
  lead_quote_after_hours: [field([], "Horas sin contratar", "int", { unit: "horas", hint: "Entre 1 y 720." })],
  lead_stale_days: [field([], "Días sin actividad", "int", { unit: "días", hint: "Entre 1 y 90." })],
};

// ─── From what was typed to the value ───────────────────────────────────────────────────

const KIND_MESSAGES: Partial<Record<SettingFieldKind, string>> = {
  percent: SETTING_MESSAGES.rate,
  euros: SETTING_MESSAGES.money,
  int: SETTING_MESSAGES.wholeNumber,
  dayList: SETTING_MESSAGES.dayList,
};

/** What a field's text means; undefined when it cannot be read (its kind's message). */
function readField(kind: SettingFieldKind, raw: unknown): unknown {
  if (kind === "lines") return raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  const text = typeof raw === "string" ? raw.trim() : "";
  if (kind === "text" || kind === "email") return text === "" ? undefined : text;
  if (text === "") return undefined;
  if (kind === "percent" || kind === "euros") return parseEurosToCents(text) ?? undefined;
  if (kind === "int") return /^\d{1,10}$/.test(text) ? Number(text) : undefined;
  const parts = text.split(/[\s,;]+/).filter(Boolean);
  return parts.every((p) => /^\d{1,4}$/.test(p)) ? parts.map(Number) : undefined;
}

function setPath(target: Record<string, unknown>, path: string[], value: unknown): unknown {
  if (path.length === 0) return value;
  let node = target;
  for (const part of path.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
  node[path.at(-1)!] = value;
  return target;
}

/** The value out of a form's fields, and each unreadable field's message. */
export function settingValueFromForm(key: SettingKey, form: Record<string, unknown>): { value: unknown; errors: Record<string, string[]> } {
  let value: unknown = {};
  const errors: Record<string, string[]> = {};
  for (const f of SETTING_FIELDS[key]) {
    const raw = form[f.name];
    const read = readField(f.kind, raw);
    const typed = typeof raw === "string" && raw.trim() !== "";
    if (read === undefined && typed && KIND_MESSAGES[f.kind]) errors[f.name] = [KIND_MESSAGES[f.kind]!];
    value = setPath(value as Record<string, unknown>, f.path, read);
  }
  return { value, errors };
}

const fieldShape = (f: SettingField) =>
  f.kind === "lines" ? z.union([z.string(), z.array(z.string())]).optional() : z.string().max(300).optional().describe(f.label);

/** The form of one key: its fields, "Fecha de efecto" (dd/mm/aaaa) and an optional note; its output is the API's body. */
export function settingFormSchema(key: SettingKey) {
  const shape = Object.fromEntries(SETTING_FIELDS[key].map((f) => [f.name, fieldShape(f)]));
  return (
    z
      .object({
        ...shape,
        effectiveFrom: z.preprocess(
          typedDateToIso,
          z.string({ required_error: SETTING_MESSAGES.effectiveFrom }).refine(isIsoDate, SETTING_MESSAGES.effectiveFrom),
        ),
        note: z.string().trim().max(500, SETTING_MESSAGES.noteTooLong).optional(),
      })
      .superRefine((form, ctx) => {
        const { value, errors } = settingValueFromForm(key, form);
        const parsed = SETTING_VALUE_SCHEMAS[key].safeParse(value);
        if (!parsed.success)
          for (const issue of parsed.error.issues) {
            const name = settingIssueField(key, issue.path);
            if (errors[name]) continue;
            const message = issue.code === "invalid_type" && issue.received === "undefined" ? SETTING_MESSAGES.required : issue.message;
            (errors[name] ??= []).push(message);
          }
        for (const [path, messages] of Object.entries(errors))
          for (const message of messages) ctx.addIssue({ code: z.ZodIssueCode.custom, path: [path], message });
      })
      // As the API will store it: trimmed, normalized, lists in order.
      .transform((form) => ({
        value: SETTING_VALUE_SCHEMAS[key].parse(settingValueFromForm(key, form).value) as unknown,
        effectiveFrom: form.effectiveFrom,
        note: form.note || undefined,
      }))
  );
}

// ─── From the value to text ─────────────────────────────────────────────────────────────

function at(value: unknown, path: string[]): unknown {
  let node = value;
  for (const part of path) node = typeof node === "object" && node !== null ? (node as Record<string, unknown>)[part] : undefined;
  return node;
}

/** A value's fields as a form's defaults. */
export function settingFormDefaults(key: SettingKey, value: unknown): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const f of SETTING_FIELDS[key]) {
    const v = at(value, f.path);
    if (f.kind === "lines") out[f.name] = Array.isArray(v) ? v.map(String) : [];
    else if (f.kind === "dayList") out[f.name] = Array.isArray(v) ? v.join(", ") : "";
    else if ((f.kind === "percent" || f.kind === "euros") && typeof v === "number") out[f.name] = centsToEurosInput(v);
    else out[f.name] = v === undefined || v === null ? "" : String(v);
  }
  return out;
}

/** One field of a value as people read it: "7 %", "2,10 €", "1, 7 y 20 días", "Hogar, Alquiler". */
export function settingFieldText(f: SettingField, value: unknown): string {
  const v = at(value, f.path);
  if (v === undefined || v === null || v === "") return "—";
  if (f.kind === "percent" && typeof v === "number") return formatBasisPoints(v);
  if (f.kind === "euros" && typeof v === "number") return formatMoney(v);
  if (f.kind === "lines" && Array.isArray(v)) return v.length ? v.map((l) => LINE_LABELS[l as Line] ?? String(l)).join(", ") : "Ninguno";
  if (f.kind === "dayList" && Array.isArray(v)) return `${v.join(", ")} días`;
  return f.unit ? `${String(v)} ${f.unit}` : String(v);
}

/** What changed from one value to the next, field by field: "Pago mensual: 7 % → 9 %". */
export function settingChanges(key: SettingKey, before: unknown, after: unknown): string[] {
  return SETTING_FIELDS[key]
    .map((f) => ({ f, from: settingFieldText(f, before), to: settingFieldText(f, after) }))
    .filter(({ from, to }) => from !== to)
    .map(({ f, from, to }) => `${f.section ? `${f.section}, ` : ""}${f.label}: ${from} → ${to}`);
}
