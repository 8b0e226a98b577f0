// The payments reconciliation (ADR 027): what the provider's books, the recibos and the
// remittances say that does not match. Shared with app/.
import { z } from "zod";

export const ReconciliationSchema = z.object({
  chargesWithoutPayment: z
    .array(
      z.object({
        providerRef: z.string().describe("Referencia del cobro en la pasarela"),
        idempotencyKey: z.string().describe("Clave del cobro (intento de cobro)"),
        method: z.string().describe("card o sepa"),
        amountCents: z.number().int().describe("Importe en céntimos"),
        createdAt: z.string().describe("Cuándo se cobró (ISO 8601)"),
      }),
    )
    .describe("Cobros capturados en la pasarela y no devueltos que ningún pago de un recibo registra"),
  recibosWithoutCharge: z
    .array(
      z.object({
        reciboId: z.number().int(),
        policyId: z.number().int(),
        policyNumber: z.string(),
        sequence: z.number().int().describe("Número del recibo en la póliza"),
        amountCents: z.number().int(),
        paidAt: z.string().nullable().describe("Cuándo se marcó cobrado (ISO 8601)"),
      }),
    )
    .describe("Recibos cobrados sin pago aceptado, sin referencia de transferencia y sin remesa cobrada"),
  remittancesMismatched: z
    .array(
      z.object({
        remittanceId: z.number().int(),
        messageId: z.string(),
        count: z.number().int().describe("Número de adeudos declarado en la remesa"),
        totalCents: z.number().int().describe("Total declarado en la remesa"),
        itemsCount: z.number().int().describe("Número de adeudos de la remesa"),
        itemsTotalCents: z.number().int().describe("Suma de sus adeudos"),
      }),
    )
    .describe("Remesas cuyo número de adeudos o total no coincide con sus adeudos"),
});
export type Reconciliation = z.infer<typeof ReconciliationSchema>;
