// The back-office home (ADR 035): today's business, each figure only for a staff member whose
// permissions cover the list it summarises (null: not theirs to see). Shared with app/.
import { z } from "zod";
import { addMonths } from "../domain/calendar";
import { COUNT_CAP } from "./list-query";

/** "Renovaciones en 30 días": the policies list's renewalWithin filter with this many days. */
export const DASHBOARD_RENEWAL_DAYS = 30;
/** A signed-in visitor's quote not bought within this many hours waits for a call (issue 23's lead, until the pipeline exists). */
export const QUOTE_CALL_AFTER_HOURS = 24;

const SpanSchema = z.object({
  from: z.string().describe("Primer día (aaaa-mm-dd)"),
  to: z.string().describe("Último día, incluido (aaaa-mm-dd)"),
});
export type DashboardSpan = z.infer<typeof SpanSchema>;

const PremiumsSchema = SpanSchema.extend({
  cents: z.number().int().describe("Prima total anual de las pólizas cuya anualidad empieza en el periodo"),
  policies: z.number().int().describe("Cuántas pólizas son"),
});
const RecibosSchema = z.object({ count: z.number().int(), cents: z.number().int() });

export const DashboardSchema = z.object({
  today: z.string().describe("Hoy en Madrid (aaaa-mm-dd)"),
  premiums: z
    .object({ current: PremiumsSchema, previous: PremiumsSchema })
    .nullable()
    .describe(
      "Prima anual de las pólizas con efecto este mes hasta hoy (nueva contratación y renovaciones) y el mes anterior en los mismos días (payments:read)",
    ),
  policiesInForce: z.number().int().nullable().describe("Pólizas en vigor (policies:read)"),
  renewals: z
    .object({ days: z.number().int(), until: z.string().describe("Último día de vencimiento contado (aaaa-mm-dd)"), count: z.number().int() })
    .nullable()
    .describe("Pólizas en vigor que vencen en los próximos días (policies:read)"),
  recibos: z
    .object({ pending: RecibosSchema, returned: RecibosSchema })
    .nullable()
    .describe("Recibos pendientes y devueltos, con su importe (payments:read)"),
  quotesWaiting: z
    .object({
      count: z.number().int(),
      capped: z.boolean().describe(`true: hay más de ${COUNT_CAP} (count vale entonces ${COUNT_CAP}), como dice la lista`),
    })
    .nullable()
    .describe("Cotizaciones que esperan una llamada, contadas como las cuenta su lista (policies:read)"),
  myLeads: z
    .object({
      open: z.number().int().describe("Oportunidades abiertas de quien pregunta"),
      due: z.array(z.object({ id: z.number().int(), name: z.string(), nextAction: z.string().nullable(), nextActionOn: z.string() })),
    })
    .nullable()
    .optional()
    .describe("«Mis oportunidades»: las abiertas de quien pregunta y sus próximas acciones de hoy o atrasadas (pipeline:read)"),
});
export type Dashboard = z.infer<typeof DashboardSchema>;

/**
 * This month from its first day to today, and the month before over the same days of the month
 * (to its last day when it is shorter: on 31 March, 1–28/29 February).
 */
export function premiumSpans(today: string): { current: DashboardSpan; previous: DashboardSpan } {
  const first = `${today.slice(0, 8)}01`;
  return { current: { from: first, to: today }, previous: { from: addMonths(first, -1), to: addMonths(today, -1) } };
}
