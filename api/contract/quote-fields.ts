// How one field of the quote inputs reads, in the two flavours of quotes.ts: the API's (cents,
// JSON booleans) and the /cotizar form's (euros as typed, absent checkboxes). Shared with app/.
import { z } from "zod";
import { parseEurosToCents } from "../domain/money";
import { documented } from "./openapi-meta";
import { type TenantContract, TENANT_CONTRACTS, DEFAULT_TENANT_CONTRACT } from "./quote-questions";
import { isIsoDate } from "../domain/calendar";
import { typedDateToIso } from "./typed-date";

const TENANT_CONTRACT_MESSAGE = "Elija la situación laboral del inquilino";

// The calendar year, read when a value is checked (not when the module loads), so that a server
// running across New Year accepts next year's cars.
const currentYear = () => new Date().getFullYear();

/** Whole euros of a bound as in messages: 20000000 → "200.000 €" (bounds are whole euros). */
const euros = (cents: number) => `${String(Math.round(cents / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ".")} €`;

// ─── Field builders ─────────────────────────────────────────────────────────────────────

export function textField(required: string, max: number, tooLong: string) {
  return z.string({ required_error: required, invalid_type_error: required }).trim().min(1, required).max(max, tooLong);
}

function intField(spec: { min: number; max: number; required: string; range: string }) {
  return z
    .number({ required_error: spec.required, invalid_type_error: spec.required })
    .int(spec.range)
    .min(spec.min, spec.range)
    .max(spec.max, spec.range);
}

/** A year between `min` and the current year plus `ahead`, checked when validating. */
export function yearField(spec: { min: number; ahead: number; required: string; range: (max: number) => string }) {
  const field = z.number({ required_error: spec.required, invalid_type_error: spec.required }).superRefine((year, ctx) => {
    const max = currentYear() + spec.ahead;
    if (!Number.isInteger(year) || year < spec.min || year > max) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: spec.range(max) });
    }
  });
  // The maximum moves with the calendar; the document shows this year's (read when it loads).
  return documented(field, {
    type: "integer",
    minimum: spec.min,
    maximum: currentYear() + spec.ahead,
    description: `Año, de ${spec.min} al actual${spec.ahead > 0 ? ` más ${spec.ahead}` : ""}`,
  });
}

/** True for a real calendar day written YYYY-MM-DD (no 2026-02-30). */

function dateField(required: string) {
  const invalid = "Introduzca una fecha válida (dd/mm/aaaa)";
  const field = z
    .string({ required_error: required, invalid_type_error: required })
    .trim()
    .min(1, required)
    // One check, one message: two refinements with the same message showed it twice.
    .refine((value) => isIsoDate(value) && Number(value.slice(0, 4)) >= 1900, invalid);
  return documented(field, { format: "date", description: "Fecha de calendario aaaa-mm-dd, desde 1900" });
}

/** A Spanish postal code, as the document shows it: 01000 to 52999. */
export const POSTAL_CODE_PATTERN = "^(0[1-9]|[1-4]\\d|5[0-2])\\d{3}$";
const POSTAL_CODE_FORMAT = "Introduzca un código postal de 5 cifras";
const POSTAL_CODE_PROVINCE = "El código postal no corresponde a ninguna provincia española";

export const postalCodeField = documented(
  z
    .string({ required_error: POSTAL_CODE_FORMAT, invalid_type_error: POSTAL_CODE_FORMAT })
    .trim()
    .regex(/^\d{5}$/, POSTAL_CODE_FORMAT)
    // The first two digits are the province's INE code: 01 (Álava) to 52 (Melilla).
    .refine((code) => !/^\d{5}$/.test(code) || (Number(code.slice(0, 2)) >= 1 && Number(code.slice(0, 2)) <= 52), POSTAL_CODE_PROVINCE),
  { pattern: POSTAL_CODE_PATTERN, description: "Código postal español: 5 cifras, las dos primeras la provincia (01 a 52)" },
);

export function choiceField<const T extends readonly [string, ...string[]]>(values: T, message: string) {
  return z.enum(values, { errorMap: () => ({ message }) });
}

/** Form value → cents for zod: undefined when empty (so "required"), NaN when not an amount. */
function eurosToCents(value: unknown): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === "number") return Number.isFinite(value) ? Math.round(value * 100) : Number.NaN;
  if (typeof value !== "string") return Number.NaN;
  if (value.trim() === "") return undefined;
  return parseEurosToCents(value) ?? Number.NaN;
}

type AmountSpec = { bounds: { min: number; max: number }; required: string; label: string };

function centsField({ bounds, required, label }: AmountSpec, messages: { notANumber: string; notInteger: string }) {
  const range = `${label} debe estar entre ${euros(bounds.min)} y ${euros(bounds.max)}`;
  return z
    .number({ required_error: required, invalid_type_error: messages.notANumber })
    .int(messages.notInteger)
    .min(bounds.min, range)
    .max(bounds.max, range);
}

const GROUPED_WHOLE_NUMBER = /^\d{1,3}(?:[.\s\u00a0]\d{3})+$/;

/**
 * Form value → whole number for zod: undefined when empty (so "required"). In Spain the dot groups
 * thousands, so "12.000" km is twelve thousand, not twelve (what Number() would read); "12,5" or
 * "1.5" stay what they are, for the integer check to refuse.
 */
export function readWholeNumber(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const trimmed = value.trim();
  if (trimmed === "") return undefined;
  return Number(GROUPED_WHOLE_NUMBER.test(trimmed) ? trimmed.replace(/[.\s\u00a0]/g, "") : trimmed.replace(",", "."));
}

type IntSpec = Parameters<typeof intField>[0];

/** How each flavour reads amounts, counts and yes/no answers; everything else is the same. */
export type FieldKit<
  A extends z.ZodType<number, z.ZodTypeDef, unknown>,
  N extends z.ZodType<number, z.ZodTypeDef, unknown>,
  F extends z.ZodType<boolean, z.ZodTypeDef, unknown>,
  D extends z.ZodType<string, z.ZodTypeDef, unknown>,
> = {
  amount: (spec: AmountSpec) => A;
  count: (spec: IntSpec) => N;
  flag: (required: string) => F;
  /** The tenant's contract: required in the form, defaulted by the API for older callers. */
  tenantContract: () => z.ZodType<TenantContract, z.ZodTypeDef, unknown>;
  date: (required: string) => D;
};

export const apiKit = {
  amount: (spec: AmountSpec) => centsField(spec, { notANumber: spec.required, notInteger: "El importe debe ir en céntimos (un número entero)" }),
  count: intField,
  flag: (required: string) => z.boolean({ required_error: required, invalid_type_error: required }),
  tenantContract: () =>
    documented(choiceField(TENANT_CONTRACTS, TENANT_CONTRACT_MESSAGE).default(DEFAULT_TENANT_CONTRACT), {
      description:
        "Situación laboral del inquilino (factor de tarifa). Sin ella se toma «indefinido», por compatibilidad con los clientes anteriores; el formulario de /cotizar siempre la pide.",
    }),
  date: dateField,
};

export const formKit = {
  amount: (spec: AmountSpec) =>
    z.preprocess(
      eurosToCents,
      centsField(spec, {
        notANumber: "Introduzca un importe en euros, por ejemplo 15.000",
        notInteger: "Introduzca un importe con dos decimales como máximo",
      }),
    ),
  count: (spec: IntSpec) => z.preprocess(readWholeNumber, intField(spec)),
  // An unticked checkbox is simply absent from the form: false.
  flag: (required: string) => z.boolean({ required_error: required, invalid_type_error: required }).default(false),
  tenantContract: () => choiceField(TENANT_CONTRACTS, TENANT_CONTRACT_MESSAGE),
  // Dates are typed as people write them (dd/mm/aaaa, d/m/aaaa, aaaa-mm-dd) and come out ISO.
  date: (required: string) => z.preprocess(typedDateToIso, dateField(required)),
};
