import type { ReactNode } from "react";
import type { BreakdownAnswer } from "../../../api/contract/checkout";
import { FREQUENCY_LABELS, type Frequency } from "../../../api/contract/vocabulary";
import { formatDate, formatMoney } from "../../../api/contract/format";
import { recibosSummary } from "~/lib/plan-choice";

type CheckoutSummaryProps = {
  plan: { name: string; deductibleCents: number };
  extraNames: string[];
  frequency: Frequency;
  price: BreakdownAnswer;
  validUntil: string;
  ipidHref: string;
};

/** What is being bought, at the top of /checkout: plan, extras, frequency, price, recibos and validity. */
export function CheckoutSummary({ plan, extraNames, frequency, price, validUntil, ipidHref }: CheckoutSummaryProps) {
  return (
    <section aria-labelledby="resumen" className="mt-8 rounded-md border border-slate-300 bg-white p-4 sm:p-6">
      <h2 id="resumen" className="text-xl font-bold text-slate-900">
        Resumen
      </h2>
      <dl className="mt-3 space-y-2">
        <Row term="Plan">{plan.name}</Row>
        {extraNames.length > 0 ? <Row term="Garantías añadidas">{extraNames.join(", ")}</Row> : null}
        <Row term="Forma de pago">{FREQUENCY_LABELS[frequency]}</Row>
        <Row term="Precio total al año">
          <strong>{formatMoney(price.total)}</strong>
        </Row>
        <Row term="Recibos">{recibosSummary(price.recibos)}</Row>
        <Row term="Franquicia">{plan.deductibleCents > 0 ? formatMoney(plan.deductibleCents) : "Sin franquicia"}</Row>
        <Row term="Precio válido hasta">{formatDate(validUntil)}</Row>
      </dl>
      <p className="mt-3">
        <a href={ipidHref} className="underline">
          Documento de información del producto (IPID), en PDF
        </a>
      </p>
    </section>
  );
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4">
      <dt className="text-slate-700">{term}</dt>
      <dd className="text-right font-semibold text-slate-900">{children}</dd>
    </div>
  );
}
