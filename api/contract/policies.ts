// Answers of the visitor's policy endpoints (/me/policies, a page of summaries, and
// /me/policies/{id}, one policy in full) and of a checkout. Shared with app/.
// Document URLs are relative to the API base address (e.g. "/me/policies/7/documents/conditions");
// they need the visitor's bearer token, except the IPID, which is public.
import { z } from "zod";
import { PayableReciboSchema } from "./pay-now";
import { BreakdownSchema } from "./checkout";
import { BoundedPaginationQuerySchema, paginated } from "./list-query";
import { InsurerSchema } from "./site";
import { CANCELLATION_REASONS, FREQUENCIES, LINES, PAYMENT_METHODS, POLICY_STATUSES, RECIBO_STATUSES, RENEWAL_STOPPERS } from "./vocabulary";

export const POLICY_NOT_FOUND_MESSAGE = "Póliza no encontrada";
export const RECIBO_NOT_FOUND_MESSAGE = "Recibo no encontrado";

// The statuses and their labels are the vocabulary's; these names stay for the pages that import them here.
export { FREQUENCY_LABELS, POLICY_STATUS_LABELS, POLICY_STATUSES, RECIBO_STATUS_LABELS, RECIBO_STATUSES } from "./vocabulary";
export type { PolicyStatus as PolicyStatusCode, ReciboStatus as ReciboStatusCode } from "./vocabulary";

export const PolicyGuaranteeSchema = z.object({
  code: z.string(),
  name: z.string(),
  description: z.string(),
  limitText: z.string().nullable(),
  kind: z.enum(["incluida", "opcional"]).describe("incluida en el plan u opcional contratada aparte"),
  priceCents: z.number().int().nullable().describe("Precio anual de una opcional (parte de la prima neta); null si está incluida"),
  since: z.string().nullable().describe("Añadida por un suplemento: en vigor desde esta fecha (aaaa-mm-dd); null si se contrató con la póliza"),
});

/** A suplemento of the policy (guarantees added in force), as Mi póliza lists it. */
export const PolicyEndorsementSchema = z.object({
  id: z.number().int(),
  version: z.number().int().describe("Versión de las condiciones particulares que crea"),
  effectiveDate: z.string().describe("aaaa-mm-dd"),
  guarantees: z.array(z.object({ code: z.string(), name: z.string(), yearlyCents: z.number().int(), netCents: z.number().int() })),
  total: z.number().int().describe("Importe del recibo del suplemento, en céntimos"),
  annualTotal: z
    .number()
    .int()
    .nullable()
    .describe("Prima total anual de la póliza desde este suplemento, en céntimos; null en uno antiguo de una anualidad anterior"),
  reciboSequence: z.number().int().nullable(),
  createdAt: z.string().describe("ISO 8601"),
});

export const PolicyReciboSchema = z.object({
  sequence: z.number().int(),
  kind: z.enum(["prima", "suplemento"]).describe("prima: un recibo de la anualidad; suplemento: la diferencia de un suplemento"),
  dueDate: z.string().describe("Vencimiento (aaaa-mm-dd): el día desde el que se debe; se cobra ese día o, pagado al contratar, antes (paidAt)"),
  period: z
    .object({ from: z.string(), to: z.string() })
    .describe(
      "Periodo que cubre (aaaa-mm-dd, ambos incluidos): su parte de la anualidad, o el de un suplemento desde su efecto hasta el vencimiento de la anualidad",
    ),
  amount: z.number().int().describe("Céntimos"),
  status: z.enum(RECIBO_STATUSES),
  paidAt: z.string().nullable().describe("ISO 8601"),
  documentUrl: z.string().describe("PDF del recibo, relativo a la API"),
});

export const PolicyDocumentSchema = z.object({
  kind: z.enum(["conditions", "ipid"]),
  name: z.string(),
  url: z.string().describe("Relativo a la API"),
});

/** One version of the particular conditions: 1 as issued, one more per suplemento; every one stays downloadable. */
export const ConditionsVersionSchema = z.object({
  version: z.number().int(),
  since: z.string().describe("En vigor desde (aaaa-mm-dd): el efecto de la póliza o del suplemento"),
  current: z.boolean(),
  url: z.string().describe("PDF de esa versión, relativo a la API"),
});

export const PolicySchema = z.object({
  id: z.number().int(),
  number: z.string().describe("Número de póliza, p. ej. COT-2026-000001"),
  line: z.enum(LINES),
  lineName: z.string(),
  status: z.enum(POLICY_STATUSES),
  plan: z.object({ code: z.string(), name: z.string(), deductibleCents: z.number().int().describe("Franquicia") }),
  startDate: z.string().describe("Fecha de efecto (aaaa-mm-dd)"),
  endDate: z.string().describe("Fecha de vencimiento (aaaa-mm-dd)"),
  frequency: z.enum(FREQUENCIES),
  createdAt: z.string().describe("Fecha de contratación (ISO 8601)"),
  quoteId: z.string().nullable(),
  policyholder: z.object({
    name: z.string(),
    nif: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    address: z.string().nullable(),
    postalCode: z.string().nullable(),
    city: z.string().nullable(),
    birthDate: z.string().nullable(),
  }),
  risk: z
    .record(z.unknown())
    .describe(
      "Los datos del riesgo asegurado: los de la cotización y lo que identifica el objeto asegurado (registration: matrícula; riskAddress: dirección de la vivienda)",
    ),
  riskDescription: z
    .object({
      title: z.string().describe("Vehículo Seat Ibiza, Vivienda en Calle Mayor 12, 28013 Madrid…"),
      identification: z
        .object({ label: z.string(), value: z.string() })
        .nullable()
        .describe("Lo que identifica el objeto asegurado (Matrícula, Dirección de la vivienda); null en pólizas sin ese dato"),
      rows: z.array(z.object({ label: z.string(), value: z.string() })),
    })
    .describe("El riesgo asegurado como se lee en las condiciones particulares"),
  insurer: InsurerSchema.nullable().describe(
    "La entidad aseguradora que cubre el riesgo: la que tenía el ramo al contratar (la póliza guarda su copia); null solo si no había ninguna configurada",
  ),
  guarantees: z.array(PolicyGuaranteeSchema),
  premium: BreakdownSchema.omit({ recibos: true }).describe(
    "Desglose de la prima anual en vigor, en céntimos: la de la anualidad más lo que cuestan al año las garantías añadidas por suplemento en ella (ADR 023)",
  ),
  termPremium: BreakdownSchema.omit({ recibos: true }).describe(
    "La prima con la que se emitió la anualidad, la que reparten sus recibos de prima (los suplementos tienen su propio recibo); igual a premium sin suplementos",
  ),
  recibos: z.array(PolicyReciboSchema),
  payment: z.object({ method: z.enum(PAYMENT_METHODS), label: z.string().nullable() }).nullable(),
  withdrawal: z.object({
    allowed: z.boolean().describe("Si el ramo admite desistimiento"),
    until: z.string().nullable().describe("Último día para desistir (aaaa-mm-dd), si lo admite"),
  }),
  documents: z.array(PolicyDocumentSchema),
  endorsements: z.array(PolicyEndorsementSchema).describe("Suplementos, del más antiguo al más reciente"),
  conditionsVersions: z.array(ConditionsVersionSchema).describe("Versiones de las condiciones particulares"),
});
export type PolicyAnswer = z.infer<typeof PolicySchema>;

/**
 * What the customer may do with the policy today (desistir, no renovar) and what has been done
 * (an anulación with what was refunded, a stopped renewal). Judged by the API's rules on its clock.
 */
export const PolicyLifecycleSchema = z.object({
  withdrawal: z.object({
    possible: z.boolean().describe("Si puede desistir hoy (POST /me/policies/{id}/withdraw)"),
    refusal: z.string().nullable().describe("Por qué no puede desistir hoy: el ramo no lo admite, el plazo terminó, la póliza ya está anulada…"),
    refundCents: z
      .number()
      .int()
      .nullable()
      .describe("Lo que se le devolvería si desiste hoy: la prima pagada de los días no cubiertos, en céntimos"),
  }),
  renewal: z.object({
    stopped: z
      .object({ by: z.enum(RENEWAL_STOPPERS), at: z.string().describe("ISO 8601") })
      .nullable()
      .describe("La oposición a la prórroga, si la hay"),
    stopUntil: z.string().describe("Último día para oponerse a la prórroga (aaaa-mm-dd): un mes antes del vencimiento (art. 22 LCS)"),
    possible: z.boolean().describe("Si puede oponerse hoy a la prórroga (POST /me/policies/{id}/stop-renewal)"),
    refusal: z.string().nullable().describe("Por qué no puede hoy: es tarde, ya está detenida, la póliza ya no está en vigor…"),
  }),
  cancellation: z
    .object({
      reason: z.enum(CANCELLATION_REASONS),
      effectiveDate: z.string().describe("aaaa-mm-dd"),
      at: z.string().describe("ISO 8601"),
      refundedCents: z.number().int().describe("Lo devuelto al medio de pago (extorno), en céntimos"),
    })
    .nullable()
    .describe("La anulación, si la póliza está anulada"),
});
export type PolicyLifecycle = z.infer<typeof PolicyLifecycleSchema>;

/** One of the visitor's policies (GET /me/policies/{id} and its actions): the policy and its lifecycle as it stands today. */
export const MyPolicySchema = PolicySchema.extend({
  lifecycle: PolicyLifecycleSchema,
  addableGuarantees: z.number().int().describe("Cuántas garantías se pueden añadir hoy con un suplemento (GET /me/policies/{id}/guarantee-options)"),
  payNow: z
    .array(PayableReciboSchema)
    .describe(
      "Los recibos que el cliente puede pagar hoy con tarjeta (devueltos, o pendientes ya vencidos): POST /me/policies/{id}/recibos/{sequence}/pay",
    ),
  emailTo: z
    .string()
    .nullable()
    .describe("La dirección a la que salen los correos de la póliza; null si el servidor no envía correo (quedan en la bandeja de salida)"),
});
export type MyPolicy = z.infer<typeof MyPolicySchema>;

/** One policy in the visitor's list: enough for a card and a link to its detail (GET /me/policies/{id}). */
export const PolicySummarySchema = PolicySchema.pick({
  id: true,
  number: true,
  line: true,
  lineName: true,
  status: true,
  startDate: true,
  endDate: true,
  frequency: true,
  createdAt: true,
}).extend({
  plan: PolicySchema.shape.plan.pick({ code: true, name: true }),
  premiumTotal: z.number().int().describe("Prima total anual, en céntimos"),
  nextRecibo: PolicyReciboSchema.pick({ sequence: true, dueDate: true, amount: true })
    .nullable()
    .describe("El primer recibo pendiente de cobro; null si no queda ninguno"),
});
export type PolicySummary = z.infer<typeof PolicySummarySchema>;

/** `?page=&pageSize=` of GET /me/policies (one fixed order: newest first). */
export const PolicyListQuerySchema = BoundedPaginationQuerySchema;
export const PolicyListSchema = paginated(PolicySummarySchema);
export type PolicyList = z.infer<typeof PolicyListSchema>;
