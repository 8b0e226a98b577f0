// "Reintentar cobro con tarjeta" on a filtered selection of /admin/payments (ADR 028). The count and
// total are the API's own, from the list's filters: the preview states them with the moment it was
// made (`asOf`); the run recomputes them over the recibos not attempted since and refuses (409) when
// they no longer match, so a second submit of the same confirmation charges nothing. Each recibo
// then goes through changeRecibo, as the "Cobrar" of one recibo does: its own short transaction,
// its own audit and history; one recibo refused by the machine does not stop the others.
import type { AdminPaymentFilters, CardRetryBody, CardRetryPreview, CardRetryResult } from "../contract/admin-payments";
import { COUNT_CAP } from "../contract/list-query";
import { formatCount, formatMoney } from "../contract/format";
import { cardRetryWhere, selectionRecibos, selectionTotals } from "../db/admin-payments.repo";
import { writeAudit } from "../db/audit";
import { madridDate } from "../domain/calendar";
import { ApiProblem } from "../http";
import type { Actor, LifecycleDeps } from "./lifecycle";
import { changeRecibo } from "./recibos";

/** At most this many recibos in one run (a request, not a batch job): narrow the filters for more. */
export const CARD_RETRY_MAX = 500;

export async function previewCardRetry(deps: Pick<LifecycleDeps, "db">, filters: AdminPaymentFilters, now: Date): Promise<CardRetryPreview> {
  const { count, totalCents } = await selectionTotals(deps.db, cardRetryWhere(filters, madridDate(now)), COUNT_CAP);
  return { count, totalCents, asOf: now.toISOString(), capped: count > CARD_RETRY_MAX };
}

export const selectionChangedMessage = (count: number, totalCents: number) =>
  count === 0
    ? "Esta selección ya se ha procesado o ya no tiene recibos que cobrar: no se ha cobrado nada."
    : `La selección ha cambiado: ahora son ${formatCount(count)} recibos por un total de ${formatMoney(totalCents)}. Revísala y confirma de nuevo.`;

export async function runCardRetry(deps: LifecycleDeps, body: CardRetryBody, actor: Actor, clock: () => Date): Promise<CardRetryResult> {
  const now = clock();
  const asOf = new Date(body.asOf);
  if (asOf.getTime() > now.getTime()) throw new ApiProblem(400, "La selección no es válida");
  const where = cardRetryWhere(body.filters, madridDate(now), asOf);
  const { count, totalCents } = await selectionTotals(deps.db, where, CARD_RETRY_MAX);
  if (count > CARD_RETRY_MAX) throw new ApiProblem(409, `Son más de ${formatCount(CARD_RETRY_MAX)} recibos: acota la selección con los filtros.`);
  if (count !== body.expectedCount || totalCents !== body.expectedTotalCents) throw new ApiProblem(409, selectionChangedMessage(count, totalCents));

  const result: CardRetryResult = { count, totalCents, charged: 0, chargedCents: 0, declined: 0, skipped: 0 };
  for (const recibo of await selectionRecibos(deps.db, where, CARD_RETRY_MAX)) {
    try {
      const outcome = await changeRecibo(deps, recibo.policyId, recibo.id, { action: "cobrar", via: "mandato" }, actor, clock());
      if (outcome.declined) result.declined += 1;
      else {
        result.charged += 1;
        result.chargedCents += recibo.amountCents;
      }
    } catch (error) {
      // Changed meanwhile (paid, cancelled, charged by a second submit): the machine refused it.
      if (error instanceof ApiProblem && (error.status === 409 || error.status === 404)) result.skipped += 1;
      else throw error;
    }
  }
  await writeAudit(deps.db, {
    ...actor,
    action: "recibo.card_retry",
    entity: "recibo",
    entityId: null,
    before: { filters: body.filters, count, totalCents },
    after: result,
    at: clock(),
  });
  return result;
}
