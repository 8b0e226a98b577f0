// Pure helpers of the quote form, shared by /cotizar (page and action), /results, /checkout,
// /cotizacion/{id} and /mis-cotizaciones: the lines on offer, the form's field names per line,
// and the two-way trip between a quote's stored inputs (cents, booleans) and the form's typed
// values (euros, "on"), used to quote again.
// No zod here: /cotizar loads this module in the browser, and zod comes with the validator (ADR 008).
import { QUOTE_FIELD_NAMES } from "../../api/contract/quote-questions";
import { LINE_LABELS, LINE_NAMES, LINES, type Line as QuoteLine } from "../../api/contract/vocabulary";
import { formatTypedDate } from "../../api/contract/typed-date";

export type LineOption = { code: QuoteLine; label: string; name: string; heading: string };

/** The heading of each line's form section on /cotizar. */
const LINE_HEADINGS: Record<QuoteLine, string> = {
  auto: "Datos del coche y del conductor",
  hogar: "Datos de la vivienda",
  alquiler: "Datos del alquiler",
};

/** The line chooser's options, in the order of the home page (the vocabulary's). */
export const LINE_OPTIONS: readonly LineOption[] = LINES.map((code) => ({
  code,
  label: LINE_LABELS[code],
  name: LINE_NAMES[code],
  heading: LINE_HEADINGS[code],
}));

/** The URL parameter that chooses the line: /cotizar?linea=auto. */
export const LINE_PARAM = "linea";
/** The hidden form field that carries the line in the POST. */
export const LINE_FIELD = "linea";

export function parseLine(value: unknown): QuoteLine | null {
  return typeof value === "string" && (LINES as readonly string[]).includes(value) ? (value as QuoteLine) : null;
}

export function lineOption(line: QuoteLine): LineOption {
  return LINE_OPTIONS.find((option) => option.code === line)!;
}

/** The input names of each line, in the contract's order. */
export const FIELD_NAMES: Record<QuoteLine, readonly string[]> = QUOTE_FIELD_NAMES;

/** Inputs typed in euros (the rest are numbers, dates, choices or yes/no). */
const AMOUNT_FIELDS = new Set(["vehicleValue", "buildingValue", "contentsValue", "monthlyRent", "tenantMonthlyIncome"]);
/** Dates, stored ISO and typed dd/mm/aaaa. */
const DATE_FIELDS = new Set(["driverBirthDate", "licenseDate"]);
/** Yes/no inputs: checkboxes, "on" when ticked. */
const FLAG_FIELDS = new Set(["alarm", "reinforcedDoor"]);

/** The form's values as typed (strings), for answering a failed submission with every value kept. */
export function typedValues(formData: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of formData.entries()) if (typeof value === "string") values[name] = value;
  return values;
}

/** Cents as a person types euros: 1500000 → "15000", 85050 → "850,50". */
export function centsToEurosInput(cents: number): string {
  const whole = Math.trunc(cents / 100);
  const rest = Math.abs(cents % 100);
  return rest === 0 ? String(whole) : `${whole},${String(rest).padStart(2, "0")}`;
}

/** A stored input value as the form's field value (amounts in euros, flags "on"), or null to leave it empty. */
function toFormValue(name: string, value: unknown): string | null {
  if (FLAG_FIELDS.has(name)) return value === true ? "on" : null;
  if (AMOUNT_FIELDS.has(name)) return typeof value === "number" && Number.isFinite(value) ? centsToEurosInput(value) : null;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (typeof value === "string") return DATE_FIELDS.has(name) ? formatTypedDate(value) : value;
  return null;
}

/** A quote's stored inputs as the form's default values. */
export function inputsToFormValues(line: QuoteLine, inputs: Record<string, unknown>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of FIELD_NAMES[line]) {
    const value = toFormValue(name, inputs[name]);
    if (value !== null) values[name] = value;
  }
  return values;
}

/** "Volver a cotizar": /cotizar for the line with the quote's inputs filled in. */
export function requoteHref(line: QuoteLine, inputs: Record<string, unknown>): string {
  const params = new URLSearchParams({ [LINE_PARAM]: line, ...inputsToFormValues(line, inputs) });
  return `/cotizar?${params.toString()}`;
}

const MAX_PREFILL_LENGTH = 100;

/** The form's default values from the URL (the line's own field names only, short strings). */
export function prefillFromSearch(line: QuoteLine, searchParams: URLSearchParams): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of FIELD_NAMES[line]) {
    const value = searchParams.get(name);
    if (value !== null && value !== "" && value.length <= MAX_PREFILL_LENGTH) values[name] = value;
  }
  return values;
}
