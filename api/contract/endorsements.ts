// Guarantees added to a policy in force (suplementos) and the public catalogue of
// guarantees. Shared with app/. Amounts in cents, dates aaaa-mm-dd.
import { z } from "zod";
import { named } from "./openapi-meta";
import { isIsoDate } from "../domain/calendar";
import { CardPaymentSchema } from "./checkout";
import { LINES, PAYMENT_METHODS, RECIBO_STATUSES } from "./vocabulary";

export const ENDORSEMENT_NOT_FOUND_MESSAGE = "Suplemento no encontrado";

export const ENDORSEMENT_MESSAGES = {
  guarantees: "Elija al menos una garantía",
  effectiveDate: "Introduzca una fecha de efecto válida",
  ipid: "Debe leer y aceptar el documento de información del producto (IPID) actualizado",
  idempotencyKey: "Falta el identificador de la operación. Recargue la página e inténtelo de nuevo.",
  paymentMethod: "Elija cómo quiere pagar",
} as const;

// ─── GET /public/guarantees ──────────────────────────────────────────────────────────────

export const CatalogueGuaranteeSchema = z.object({
  code: z.string(),
  name: z.string(),
  description: z.string(),
  limitText: z.string().nullable().describe("Límite de la garantía"),
  deductibleCents: z.number().int().describe("Franquicia, en céntimos (0: sin franquicia)"),
  price: z
    .object({ type: z.enum(["fixed", "percent"]), value: z.number().int() })
    .describe("Precio como opcional: fixed = céntimos al año; percent = puntos básicos de la prima de riesgo"),
  includedIn: z.array(z.string()).describe("Códigos de los planes que la incluyen"),
  optionalIn: z.array(z.string()).describe("Códigos de los planes en los que se puede añadir con coste"),
});
export type CatalogueGuarantee = z.infer<typeof CatalogueGuaranteeSchema>;

export const GuaranteeCatalogueSchema = z.object({
  lines: z.array(
    z.object({
      code: z.enum(LINES),
      name: z.string(),
      description: z.string(),
      plans: z.array(z.object({ code: z.string(), name: z.string() })),
      guarantees: z.array(CatalogueGuaranteeSchema),
      ipidUrl: z.string().describe("IPID del ramo, relativo a la API"),
    }),
  ),
});
export type GuaranteeCatalogue = z.infer<typeof GuaranteeCatalogueSchema>;

// ─── GET /me/policies/{id}/guarantee-options ──────────────────────────────────────────────

const DateSchema = z.string({ invalid_type_error: ENDORSEMENT_MESSAGES.effectiveDate }).trim().refine(isIsoDate, ENDORSEMENT_MESSAGES.effectiveDate);

export const GuaranteeOptionsQuerySchema = z.object({
  effectiveDate: DateSchema.optional().describe("Fecha de efecto (aaaa-mm-dd); sin ella, la primera posible (mañana)"),
  guarantees: z.string().max(600).optional().describe("Códigos separados por comas: responde además el precio de esa selección (selection)"),
});

/** The price of a suplemento in cents: total = net + fractionation + consorcio + clea + ips. */
export const EndorsementPriceSchema = z.object({
  net: z.number().int().describe("Prima neta de los días que quedan"),
  fractionation: z.number().int().describe("Recargo por fraccionamiento de la forma de pago de la póliza"),
  consorcio: z.number().int().describe("Recargo del Consorcio (0: ya está en los recibos de la anualidad)"),
  clea: z.number().int().describe("Recargo CLEA"),
  ips: z.number().int().describe("Impuesto sobre las primas de seguros"),
  total: z.number().int().describe("Importe del recibo del suplemento"),
});
export type EndorsementPriceAnswer = z.infer<typeof EndorsementPriceSchema>;

export const GuaranteeOptionSchema = z.object({
  code: z.string(),
  name: z.string(),
  description: z.string(),
  limitText: z.string().nullable(),
  deductibleCents: z.number().int(),
  yearlyCents: z.number().int().describe("Precio anual de la garantía en esta póliza (prima neta)"),
  price: EndorsementPriceSchema.describe("Lo que costaría añadir solo esta garantía desde la fecha de efecto"),
});
export type GuaranteeOption = z.infer<typeof GuaranteeOptionSchema>;

export const GuaranteeOptionsSchema = z.object({
  policy: z.object({
    id: z.number().int(),
    number: z.string(),
    line: z.enum(LINES),
    lineName: z.string(),
    plan: z.object({ code: z.string(), name: z.string() }),
    startDate: z.string(),
    endDate: z.string(),
    frequency: z.string(),
    payment: z.object({ method: z.enum(PAYMENT_METHODS), label: z.string().nullable() }).nullable(),
  }),
  possible: z.boolean().describe("Si se pueden añadir garantías hoy"),
  refusal: z.string().nullable().describe("Por qué no: la póliza no está en vigor, vence mañana…"),
  effectiveDates: z
    .object({ earliest: z.string(), latest: z.string(), chosen: z.string() })
    .nullable()
    .describe("Fechas de efecto posibles: desde mañana (o el inicio de la póliza) hasta el día antes del vencimiento"),
  days: z
    .object({ remaining: z.number().int(), total: z.number().int() })
    .nullable()
    .describe("Días que quedan desde la fecha elegida y días de la anualidad"),
  options: z.array(GuaranteeOptionSchema),
  selection: z
    .object({ guarantees: z.array(z.string()), price: EndorsementPriceSchema })
    .nullable()
    .describe("El precio de las garantías pedidas en ?guarantees= juntas"),
  payWith: z.array(z.enum(["card", "mandate"])).describe("card: tarjeta ahora; mandate: recibo domiciliado en la cuenta de la póliza"),
  ipidUrl: z.string(),
});
export type GuaranteeOptions = z.infer<typeof GuaranteeOptionsSchema>;

// ─── POST /me/policies/{id}/endorsements ──────────────────────────────────────────────────

export const EndorsementPaymentSchema = z.discriminatedUnion(
  "method",
  [
    CardPaymentSchema,
    named(
      z.object({ method: z.literal("mandate").describe("Un recibo domiciliado en la cuenta de la póliza (solo si paga por SEPA)") }),
      "MandatePayment",
    ),
  ],
  {
    errorMap: (issue, ctx) =>
      issue.code === z.ZodIssueCode.invalid_union_discriminator ? { message: ENDORSEMENT_MESSAGES.paymentMethod } : { message: ctx.defaultError },
  },
);

export const EndorsementBodySchema = z.object({
  guarantees: z
    .array(z.string().max(60), { required_error: ENDORSEMENT_MESSAGES.guarantees, invalid_type_error: ENDORSEMENT_MESSAGES.guarantees })
    .min(1, ENDORSEMENT_MESSAGES.guarantees)
    .max(30, ENDORSEMENT_MESSAGES.guarantees)
    .describe("Códigos de las garantías que se añaden"),
  effectiveDate: DateSchema.optional().describe("Fecha de efecto; sin ella, mañana"),
  ipid: z.literal(true, { errorMap: () => ({ message: ENDORSEMENT_MESSAGES.ipid }) }).describe("Ha leído el IPID actualizado"),
  payment: EndorsementPaymentSchema,
  idempotencyKey: z
    .string({ required_error: ENDORSEMENT_MESSAGES.idempotencyKey })
    .uuid(ENDORSEMENT_MESSAGES.idempotencyKey)
    .transform((v) => v.toLowerCase())
    .describe("UUID del formulario: el mismo envío repetido hace un solo suplemento y un solo cobro"),
});
export type EndorsementBody = z.infer<typeof EndorsementBodySchema>;

export const EndorsementSchema = z.object({
  id: z.number().int(),
  policyId: z.number().int(),
  policyNumber: z.string(),
  lineName: z.string(),
  planName: z.string(),
  version: z.number().int().describe("Versión de las condiciones particulares que crea (la 1 es la póliza emitida)"),
  effectiveDate: z.string(),
  endDate: z.string().describe("Vencimiento de la anualidad"),
  remainingDays: z.number().int(),
  termDays: z.number().int(),
  guarantees: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      description: z.string(),
      limitText: z.string().nullable(),
      deductibleCents: z.number().int(),
      yearlyCents: z.number().int(),
      netCents: z.number().int(),
    }),
  ),
  price: EndorsementPriceSchema,
  recibo: z.object({
    sequence: z.number().int(),
    dueDate: z.string(),
    amount: z.number().int(),
    status: z.enum(RECIBO_STATUSES),
    paidAt: z.string().nullable(),
    documentUrl: z.string(),
  }),
  payment: z.object({ method: z.enum(["card", "mandate"]), label: z.string().nullable() }),
  conditionsUrl: z.string().describe("Condiciones particulares en esta versión, relativo a la API"),
  channel: z.string(),
  createdAt: z.string(),
  emailTo: z
    .string()
    .nullable()
    .describe("La dirección a la que sale la confirmación; null si el servidor no envía correo (queda en la bandeja de salida)"),
});
export type EndorsementAnswer = z.infer<typeof EndorsementSchema>;
