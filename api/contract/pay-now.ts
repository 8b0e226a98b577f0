// "Pagar ahora" (ADR 031): a customer pays a returned or due recibo of their own policy by card
// from Mi póliza. Shared with app/. Amounts in cents.
import { z } from "zod";
import { named } from "./openapi-meta";
import { CardPaymentSchema } from "./checkout";
import { POLICY_STATUSES, RECIBO_STATUSES } from "./vocabulary";

export const PAY_NOW_FORM_MESSAGES = {
  idempotencyKey: "Falta el identificador de la operación. Recargue la página e inténtelo de nuevo.",
} as const;

export const PayReciboBodySchema = named(
  z.object({
    payment: CardPaymentSchema,
    idempotencyKey: z
      .string({ required_error: PAY_NOW_FORM_MESSAGES.idempotencyKey, invalid_type_error: PAY_NOW_FORM_MESSAGES.idempotencyKey })
      .uuid(PAY_NOW_FORM_MESSAGES.idempotencyKey)
      .transform((v) => v.toLowerCase())
      .describe("UUID del formulario: el mismo envío repetido responde el mismo pago y no cobra otra vez"),
  }),
  "PayReciboBody",
);
export type PayReciboBody = z.infer<typeof PayReciboBodySchema>;

/** A recibo the customer may pay now, as Mi póliza offers it. */
export const PayableReciboSchema = z.object({
  sequence: z.number().int(),
  status: z.enum(RECIBO_STATUSES).describe("devuelto, o pendiente ya vencido"),
  dueDate: z.string().describe("aaaa-mm-dd"),
  amount: z.number().int().describe("Importe del recibo, en céntimos"),
  returnFee: z.number().int().describe("Gastos de devolución repercutidos, en céntimos (0: ninguno)"),
  amountDue: z.number().int().describe("Lo que se paga: importe más gastos de devolución, en céntimos"),
  returnReason: z.string().nullable().describe("Por qué se devolvió"),
});
export type PayableRecibo = z.infer<typeof PayableReciboSchema>;

export const PaidReciboSchema = named(
  z.object({
    policyId: z.number().int(),
    policyNumber: z.string(),
    sequence: z.number().int(),
    amountPaid: z.number().int().describe("Céntimos cobrados (importe más gastos de devolución)"),
    paidAt: z.string().describe("ISO 8601"),
    methodLabel: z.string().describe("La tarjeta enmascarada, •••• 4242"),
    providerRef: z.string().describe("Referencia del cobro en la pasarela"),
    policyStatus: z.enum(POLICY_STATUSES),
    coverResumesAt: z.string().nullable().describe("ISO 8601: cuándo se reanuda la cobertura de una póliza suspendida (24 h después del pago)"),
    receiptUrl: z.string().describe("Justificante de pago en PDF, relativo a la API"),
  }),
  "PaidRecibo",
);
export type PaidRecibo = z.infer<typeof PaidReciboSchema>;
