// Refunds owed to customers (extornos): the back office's list and the transfer staff record.
import { z } from "zod";
import { boundedListQuery, PaginationQuerySchema, paginated } from "./list-query";
import { PAYMENT_METHODS, REFUND_CAUSES, REFUND_STATUSES } from "./vocabulary";

export const RefundListQuerySchema = boundedListQuery(
  PaginationQuerySchema.extend({
    status: z.enum(REFUND_STATUSES, { errorMap: () => ({ message: "Estado de extorno no válido" }) }).default("pendiente"),
  }),
);
export type RefundListQuery = z.infer<typeof RefundListQuerySchema>;

export const RefundSchema = z.object({
  id: z.number().int(),
  policyId: z.number().int(),
  policyNumber: z.string(),
  tomador: z.string(),
  reciboSequence: z.number().int().nullable(),
  amountCents: z.number().int(),
  cause: z.enum(REFUND_CAUSES),
  reason: z.string(),
  method: z.enum(PAYMENT_METHODS),
  status: z.enum(REFUND_STATUSES),
  providerRef: z.string().nullable().describe("La referencia del reembolso en la pasarela, o la de la transferencia"),
  createdAt: z.string().datetime(),
  doneAt: z.string().datetime().nullable(),
  doneBy: z.string().nullable(),
});
export type RefundItem = z.infer<typeof RefundSchema>;
export const RefundListSchema = paginated(RefundSchema);

export const MarkRefundPaidBodySchema = z.object({
  reference: z
    .string({ required_error: "Indique la referencia de la transferencia" })
    .trim()
    .min(3, "Indique la referencia de la transferencia")
    .max(100, "Máximo 100 caracteres"),
});
