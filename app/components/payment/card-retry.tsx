import { Form, Link } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { CardRetryPreview } from "../../../api/contract/admin-payments";
import { formatCount, formatMoney } from "../../../api/contract/format";
import { SubmitButton } from "~/components/ui/submit-button";
import { ADMIN_PAYMENTS_PATH } from "./payment-list-columns";

/** The list's filters only (no page, no order): what a selection of recibos is made of. */
export function selectionSearch(search: string): string {
  const params = new URLSearchParams(search);
  for (const key of ["page", "pageSize", "sort", "dir"]) params.delete(key);
  const query = params.toString();
  return query ? `?${query}` : "";
}

export const cardRetryHref = (search: string) => `${ADMIN_PAYMENTS_PATH}/reintentar${selectionSearch(search)}`;

/**
 * The confirmation of the card retry, as a page (it works the same without JavaScript): the count
 * and total the API computed, and the form that runs it with that selection's moment (`asOf`).
 */
export function CardRetryConfirmation({ preview, search, max }: { preview: CardRetryPreview; search: string; max: number }) {
  const back = `${ADMIN_PAYMENTS_PATH}${search}`;
  if (preview.count === 0) {
    return (
      <section className="rounded-md border border-slate-300 bg-white p-4">
        <p>
          Ningún recibo de esta selección se puede cobrar ahora con tarjeta (pendiente y ya vencido, o devuelto, de una póliza en vigor o suspendida).
        </p>
        <p className="mt-3">
          <Link to={back}>Volver a los recibos</Link>
        </p>
      </section>
    );
  }
  if (preview.capped) {
    return (
      <section className="rounded-md border-4 border-amber-500 bg-amber-50 p-4">
        <p>
          La selección tiene {formatCount(preview.count)} recibos o más: como mucho se reintentan {formatCount(max)} a la vez. Acota la selección con
          los filtros.
        </p>
        <p className="mt-3">
          <Link to={back}>Volver a los recibos</Link>
        </p>
      </section>
    );
  }
  return (
    <section aria-labelledby="confirmar-reintento" className="rounded-md border-4 border-amber-500 bg-amber-50 p-4 sm:p-6">
      <h2 id="confirmar-reintento" className="text-xl font-bold">
        {`${preview.count === 1 ? "Se va a cobrar 1 recibo" : `Se van a cobrar ${formatCount(preview.count)} recibos`} por un total de ${formatMoney(preview.totalCents)}`}
      </h2>
      <p className="mt-2 text-slate-800">
        Cada recibo se carga a la tarjeta de su póliza. Los que el banco rechace quedan devueltos con el motivo. No se puede deshacer.
      </p>
      <Form method="post" className="mt-4 flex flex-wrap items-center gap-3">
        <AuthenticityTokenInput />
        <input type="hidden" name="asOf" value={preview.asOf} />
        <input type="hidden" name="expectedCount" value={preview.count} />
        <input type="hidden" name="expectedTotalCents" value={preview.totalCents} />
        <SubmitButton pendingText="Cobrando…">
          {preview.count === 1 ? "Sí, cobrar el recibo" : `Sí, cobrar los ${formatCount(preview.count)} recibos`}
        </SubmitButton>
        <Link to={back} className="btn-secondary">
          Cancelar
        </Link>
      </Form>
    </section>
  );
}
