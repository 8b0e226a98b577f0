// Requests and answers of the quote endpoints (/quotes, /me/quotes). Shared with app/.
//
// The rating inputs of each line exist in two flavours built from one description, so that the
// API and the /cotizar form check exactly the same rules with the same Spanish messages:
// - `QUOTE_INPUT_SCHEMAS` (the API): amounts are integer cents, booleans are JSON booleans;
// - `QUOTE_FORM_SCHEMAS` (the web form, with conform): amounts are typed in euros ("15.000",
//   "850,50", "15000", parsed by parseEurosToCents) and come out in cents; an unticked checkbox
//   is false.
// Both give the same output, which is what POST /quotes takes as `inputs`. How each field reads in
// each flavour is in quote-fields.ts.
import { z } from "zod";
import { UuidSchema } from "./ids";
import { vehicleErrors } from "../domain/vehicles";
import { boundedListQuery, listQuerySchema, paginated } from "./list-query";

// The values themselves are the vocabulary's; these names stay for the pages that import them here.
import { FREQUENCIES, LINES, QUOTE_STATUSES, type Line } from "./vocabulary";
import { named } from "./openapi-meta";
import { AMOUNT_BOUNDS, NUMBER_BOUNDS } from "./quote-questions";
import { type FieldKit, postalCodeField, textField, yearField, choiceField, apiKit, formKit } from "./quote-fields";
export { FREQUENCIES, LINES as LINE_CODES, QUOTE_STATUSES };
export { isIsoDate } from "../domain/calendar";
export type { Frequency, Line as QuoteLine, QuoteStatus as QuoteStatusCode } from "./vocabulary";

export const QUOTE_NOT_FOUND_MESSAGE = "Cotización no encontrada";
/** Header that proves ownership of a quote made without an account (the token POST /quotes returned). */
export const QUOTE_OWNER_HEADER = "X-Quote-Owner";
export const MAX_CLAIM_TOKENS = 50;

// The form's questions without zod (bounds, choices, field names): quote-questions.ts, which the
// /cotizar page loads in the browser.
export {
  AMOUNT_BOUNDS,
  DEFAULT_TENANT_CONTRACT,
  NUMBER_BOUNDS,
  QUOTE_FIELD_NAMES,
  TENANT_CONTRACT_LABELS,
  TENANT_CONTRACTS,
  type TenantContract,
} from "./quote-questions";
// ─── Inputs per line ────────────────────────────────────────────────────────────────────

function buildInputSchemas<
  A extends z.ZodType<number, z.ZodTypeDef, unknown>,
  N extends z.ZodType<number, z.ZodTypeDef, unknown>,
  F extends z.ZodType<boolean, z.ZodTypeDef, unknown>,
  D extends z.ZodType<string, z.ZodTypeDef, unknown>,
>(kit: FieldKit<A, N, F, D>) {
  const inputsRequired = { required_error: "Faltan los datos de la cotización", invalid_type_error: "Faltan los datos de la cotización" };

  const auto = z.object(
    {
      driverBirthDate: kit.date("Introduzca la fecha de nacimiento del conductor"),
      licenseDate: kit.date("Introduzca la fecha de expedición del carné de conducir"),
      postalCode: postalCodeField,
      // A new quote takes them from the list of GET /public/vehicles (checked by createQuote and by
      // the form's schema); a stored quote or policy may hold the free text of before the list.
      vehicleBrand: textField("Introduzca la marca del vehículo", 50, "La marca no puede tener más de 50 caracteres").describe(
        "Marca, de la lista de GET /public/vehicles (una cotización nueva con otra marca: 400)",
      ),
      vehicleModel: textField("Introduzca el modelo del vehículo", 80, "El modelo no puede tener más de 80 caracteres").describe(
        "Modelo de esa marca, de la lista de GET /public/vehicles (400 si no es de la marca)",
      ),
      vehicleYear: yearField({
        min: NUMBER_BOUNDS.vehicleYearMin,
        ahead: 1,
        required: "Introduzca el año de matriculación del vehículo",
        range: (max) => `El año del vehículo debe estar entre ${NUMBER_BOUNDS.vehicleYearMin} y ${max}`,
      }),
      vehicleValue: kit.amount({
        bounds: AMOUNT_BOUNDS.vehicleValue,
        required: "Introduzca el valor del vehículo",
        label: "El valor del vehículo",
      }),
      use: choiceField(["particular", "profesional"], "Elija el uso del vehículo: particular o profesional"),
      annualKm: kit.count({
        ...NUMBER_BOUNDS.annualKm,
        required: "Introduzca los kilómetros que recorre al año",
        range: "Los kilómetros al año deben estar entre 0 y 100.000",
      }),
      claimFreeYears: kit.count({
        ...NUMBER_BOUNDS.claimFreeYears,
        required: "Introduzca los años que lleva sin siniestros",
        range: "Los años sin siniestros deben ser un número entero entre 0 y 50",
      }),
    },
    inputsRequired,
  );

  const hogar = z
    .object(
      {
        postalCode: postalCodeField,
        dwellingType: choiceField(["piso", "casa"], "Elija el tipo de vivienda: piso o casa"),
        floor: choiceField(["bajo", "intermedio", "atico"], "Elija la planta: bajo, intermedia o ático"),
        areaM2: kit.count({
          ...NUMBER_BOUNDS.areaM2,
          required: "Introduzca la superficie de la vivienda en m²",
          range: "La superficie debe ser un número entero entre 20 y 1.000 m²",
        }),
        yearBuilt: yearField({
          min: NUMBER_BOUNDS.yearBuiltMin,
          ahead: 0,
          required: "Introduzca el año de construcción",
          range: (max) => `El año de construcción debe estar entre ${NUMBER_BOUNDS.yearBuiltMin} y ${max}`,
        }),
        residence: choiceField(["habitual", "secundaria"], "Indique si es su vivienda habitual o una segunda residencia"),
        buildingValue: kit.amount({
          bounds: AMOUNT_BOUNDS.buildingValue,
          required: "Introduzca el valor del continente (0 si no lo asegura)",
          label: "El valor del continente",
        }),
        contentsValue: kit.amount({
          bounds: AMOUNT_BOUNDS.contentsValue,
          required: "Introduzca el valor del contenido (0 si no lo asegura)",
          label: "El valor del contenido",
        }),
        alarm: kit.flag("Indique si la vivienda tiene alarma conectada a central"),
        reinforcedDoor: kit.flag("Indique si la vivienda tiene puerta blindada"),
      },
      inputsRequired,
    )
    .superRefine((inputs, ctx) => {
      if (inputs.buildingValue === 0 && inputs.contentsValue === 0) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["buildingValue"], message: "Asegure el continente, el contenido o ambos" });
      }
    });

  const alquiler = z
    .object(
      {
        postalCode: postalCodeField,
        monthlyRent: kit.amount({ bounds: AMOUNT_BOUNDS.monthlyRent, required: "Introduzca la renta mensual", label: "La renta mensual" }),
        tenantMonthlyIncome: kit.amount({
          bounds: AMOUNT_BOUNDS.tenantMonthlyIncome,
          required: "Introduzca los ingresos netos mensuales del inquilino",
          label: "Los ingresos netos mensuales",
        }),
        tenantContract: kit.tenantContract(),
      },
      inputsRequired,
    )
    .describe(
      "Los meses de renta cubiertos no son un dato: son el plan (meses_6, meses_12, meses_18), que se elige al contratar (ADR 023). Un campo months de un cliente anterior se ignora.",
    );

  return { auto, hogar, alquiler };
}

/** The rating inputs of each line as POST /quotes takes them (amounts in cents). */
export const QUOTE_INPUT_SCHEMAS = buildInputSchemas(apiKit);
const formSchemas = buildInputSchemas(formKit);

/**
 * The same rules for the /cotizar form: amounts typed in euros, output in cents. The car's brand
 * and model must be in the list (the API checks it again when it makes the quote).
 */
export const QUOTE_FORM_SCHEMAS = {
  ...formSchemas,
  auto: formSchemas.auto.superRefine((inputs, ctx) => {
    // An empty brand already has its own message ("Introduzca la marca…").
    if (!inputs.vehicleBrand?.trim()) return;
    for (const [field, messages] of Object.entries(vehicleErrors(inputs))) {
      for (const message of messages) ctx.addIssue({ code: z.ZodIssueCode.custom, path: [field], message });
    }
  }),
};

export const AutoInputsSchema = QUOTE_INPUT_SCHEMAS.auto;
export const HogarInputsSchema = QUOTE_INPUT_SCHEMAS.hogar;
export const AlquilerInputsSchema = QUOTE_INPUT_SCHEMAS.alquiler;
export type AutoInputs = z.infer<typeof AutoInputsSchema>;
export type HogarInputs = z.infer<typeof HogarInputsSchema>;
export type AlquilerInputs = z.infer<typeof AlquilerInputsSchema>;
export type QuoteInputsByLine = { auto: AutoInputs; hogar: HogarInputs; alquiler: AlquilerInputs };
export type QuoteInputs = QuoteInputsByLine[Line];

const LINE_MESSAGE = "Elija el seguro que desea: coche, hogar o alquiler";

/** POST /quotes: the line and its inputs. Field errors are keyed by the input's name (no "inputs." prefix). */
export const CreateQuoteBodySchema = z.discriminatedUnion(
  "line",
  [
    named(z.object({ line: z.literal("auto"), inputs: AutoInputsSchema }), "CreateAutoQuoteBody"),
    named(z.object({ line: z.literal("hogar"), inputs: HogarInputsSchema }), "CreateHogarQuoteBody"),
    named(z.object({ line: z.literal("alquiler"), inputs: AlquilerInputsSchema }), "CreateAlquilerQuoteBody"),
  ],
  {
    errorMap: (issue, ctx) =>
      issue.code === z.ZodIssueCode.invalid_union_discriminator || issue.path.join(".") === "line"
        ? { message: LINE_MESSAGE }
        : { message: ctx.defaultError },
  },
);
export type CreateQuoteBody = z.infer<typeof CreateQuoteBodySchema>;

// ─── Answers ────────────────────────────────────────────────────────────────────────────

const cents = (description: string) => z.number().int().describe(`${description}, en céntimos`);

export const ReciboSchema = z.object({
  sequence: z.number().int().describe("Número de recibo, desde 1"),
  dueDate: z.string().describe("Fecha de cargo (aaaa-mm-dd)"),
  amount: cents("Importe del recibo"),
});

export const PriceSchema = z.object({
  net: cents("Prima neta"),
  fractionation: cents("Recargo por fraccionamiento"),
  consorcio: cents("Recargo del Consorcio de Compensación de Seguros"),
  clea: cents("Recargo CLEA"),
  ips: cents("Impuesto sobre las primas de seguros"),
  total: cents("Prima total"),
  recibos: z.array(ReciboSchema).describe("Calendario de recibos; suman exactamente el total"),
});
export type Price = z.infer<typeof PriceSchema>;

export const PlanGuaranteeSchema = z.object({
  code: z.string(),
  name: z.string(),
  description: z.string(),
  limitText: z.string().nullable().describe("Límite de la garantía, p. ej. «Hasta 3.000 €»"),
});

export const OptionalGuaranteeSchema = PlanGuaranteeSchema.extend({
  priceCents: cents("Precio anual de la garantía, que se suma a la prima neta si se añade"),
  selected: z.boolean().describe("Si el precio del plan ya la incluye"),
});

export const FactorLineSchema = z.object({
  factor: z.string().describe("Clave del factor de tarifa (driver_age, zone…)"),
  title: z.string().describe("Nombre del factor, p. ej. «Edad del conductor»"),
  label: z.string().describe("Tramo u opción aplicada, p. ej. «De 25 a 29 años»"),
  input: z
    .string()
    .nullable()
    .describe("El dato del cliente que elige el tramo, p. ej. «47 años» o «C. P. 28001»; null cuando el tramo ya es ese dato (una opción, un sí/no)"),
  value: z.number().int().describe("Factor en puntos básicos: 10 000 = ×1, 12 500 = ×1,25"),
  amountCents: cents(
    "Importe acumulado: la prima base por este factor y los anteriores, redondeado al céntimo (el redondeo no se arrastra: el de la última línea es riskPremiumCents)",
  ),
});

export type FactorLine = z.infer<typeof FactorLineSchema>;

export const PricedPlanSchema = z.object({
  code: z.string(),
  name: z.string(),
  description: z.string(),
  recommended: z.boolean(),
  deductibleCents: cents("Franquicia por siniestro"),
  basePremiumCents: cents("Prima base anual del plan, antes de los factores de riesgo"),
  riskPremiumCents: cents("Prima de riesgo: la prima base por todos los factores de riesgo, redondeada una sola vez al céntimo"),
  explanation: z
    .array(FactorLineSchema)
    .describe("Los factores de riesgo aplicados a la prima base, en orden, con el importe acumulado tras cada uno"),
  guarantees: z.array(PlanGuaranteeSchema).describe("Garantías incluidas en el precio"),
  optionalGuarantees: z.array(OptionalGuaranteeSchema).describe("Garantías que se pueden añadir"),
  selectedOptionalGuarantees: z.array(z.string()).describe("Códigos de las garantías opcionales incluidas en los precios"),
  prices: z.object({ anual: PriceSchema, semestral: PriceSchema, trimestral: PriceSchema, mensual: PriceSchema }),
});
export type PricedPlanAnswer = z.infer<typeof PricedPlanSchema>;

export const QuoteSchema = z.object({
  id: UuidSchema,
  line: z.enum(LINES),
  status: z.enum(QUOTE_STATUSES).describe("cotizada (vigente), contratada, caducada (pasada la fecha de validez) o descartada"),
  validUntil: z.string().describe("Fin de la validez de los precios (ISO 8601)"),
  createdAt: z.string().describe("ISO 8601"),
  inputs: z.union([AutoInputsSchema, HogarInputsSchema, AlquilerInputsSchema]).describe("Los datos del riesgo, según el ramo"),
  plans: z.array(PricedPlanSchema),
});
export type Quote = z.infer<typeof QuoteSchema>;

export const CreatedQuoteSchema = QuoteSchema.extend({
  ownerToken: z
    .string()
    .optional()
    .describe(
      "Solo en una cotización sin sesión: el secreto que prueba que es suya (cabecera X-Quote-Owner y POST /me/quotes/claim). Se entrega una sola vez.",
    ),
});
export type CreatedQuote = z.infer<typeof CreatedQuoteSchema>;

export const QuoteSummarySchema = z.object({
  id: UuidSchema,
  line: z.enum(LINES),
  status: z.enum(QUOTE_STATUSES),
  validUntil: z.string(),
  createdAt: z.string(),
  bestPrice: z.number().int().nullable().describe("El menor precio anual (total) de sus planes, en céntimos"),
  risk: z.string().describe("Lo asegurado, en pocas palabras (el coche, la vivienda), para distinguir cotizaciones del mismo ramo"),
  contracted: z
    .object({
      policyId: z.number().int(),
      policyNumber: z.string(),
      planName: z.string(),
      premiumTotal: z.number().int().describe("Prima total anual de la póliza contratada, en céntimos"),
    })
    .nullable()
    .describe("La póliza contratada con esta cotización: el plan comprado y su precio; null si no se contrató"),
});
export type QuoteSummary = z.infer<typeof QuoteSummarySchema>;

export const QUOTE_SORT_KEYS = ["createdAt", "bestPrice", "validUntil"] as const;
export type QuoteSortKey = (typeof QUOTE_SORT_KEYS)[number];

/** A visitor's quotes: newest first by default, or by best price or validity; by line or status. */
export const QuoteListQuerySchema = boundedListQuery(
  listQuerySchema({
    sort: QUOTE_SORT_KEYS,
    defaultSort: "createdAt",
    defaultDir: "desc",
    filters: {
      line: z.preprocess(
        (v) => (v === "" ? undefined : v),
        z.enum(LINES, { errorMap: () => ({ message: "Elija un seguro de la lista" }) }).optional(),
      ),
      status: z.preprocess(
        (v) => (v === "" ? undefined : v),
        z.enum(QUOTE_STATUSES, { errorMap: () => ({ message: "Elija un estado de la lista" }) }).optional(),
      ),
    },
  }),
);
export type QuoteListQuery = z.infer<typeof QuoteListQuerySchema>;
export const QuoteListSchema = paginated(QuoteSummarySchema);
export type QuoteList = z.infer<typeof QuoteListSchema>;

export const ClaimQuotesBodySchema = z.object({
  ownerTokens: z
    .array(z.string({ invalid_type_error: "Cada token debe ser un texto" }).min(1, "Hay un token vacío").max(200, "Hay un token demasiado largo"), {
      required_error: "Faltan los tokens de las cotizaciones",
      invalid_type_error: "Faltan los tokens de las cotizaciones",
    })
    .max(MAX_CLAIM_TOKENS, `Como máximo ${MAX_CLAIM_TOKENS} cotizaciones a la vez`),
});
export type ClaimQuotesBody = z.infer<typeof ClaimQuotesBodySchema>;

export const ClaimQuotesAnswerSchema = z.object({
  claimed: z.number().int().describe("Cotizaciones que han pasado a la cuenta"),
});
