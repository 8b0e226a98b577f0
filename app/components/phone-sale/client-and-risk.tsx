import type { SubmissionResult } from "@conform-to/react";
import { Link } from "@remix-run/react";
import type { QuoteLine } from "../../../api/contract/quotes";
import { QuoteLineForm } from "~/components/quote/quote-line-form";
import { ClientSearch } from "./client-search";
import { CLIENT_PARAM, phoneSaleHref } from "~/lib/phone-sale";
import type { PhoneSaleData } from "~/lib/phone-sale.server";
import type { QuoteFormConstraint } from "~/lib/quote-form.server";
import { LINE_OPTIONS, LINE_PARAM, lineOption } from "~/lib/quote-form";

/** Step 1: the client (searched, or new: their data are asked in step 3) and the line's rating questions, which POST prices. */
export function ClientAndRisk({
  data,
  lastResult,
}: {
  data: Extract<PhoneSaleData, { step: 1 }>;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const clientParam = data.client?.id;
  return (
    <>
      {!data.client ? <ClientSearch data={data} /> : null}

      <section aria-labelledby="riesgo" className="mt-8">
        <h2 id="riesgo" className="text-xl font-bold">
          Seguro
        </h2>
        <ul className="mt-3 flex flex-wrap gap-3">
          {LINE_OPTIONS.map((option) => (
            <li key={option.code}>
              <Link
                to={phoneSaleHref({ [CLIENT_PARAM]: clientParam, [LINE_PARAM]: option.code })}
                aria-current={option.code === data.line ? "true" : undefined}
                className={option.code === data.line ? "btn-primary" : "btn-secondary"}
              >
                {option.label}
              </Link>
            </li>
          ))}
        </ul>
        {data.line && data.constraint ? (
          <RiskForm
            key={`${data.line}:${clientParam ?? ""}`}
            line={data.line}
            defaultValue={data.prefill}
            constraint={data.constraint}
            lastResult={lastResult}
          />
        ) : (
          <p className="mt-4 text-slate-700">Elige el seguro para ver sus preguntas.</p>
        )}
      </section>
    </>
  );
}

function RiskForm({
  line,
  ...form
}: {
  line: QuoteLine;
  defaultValue: Record<string, string>;
  constraint: QuoteFormConstraint;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  return (
    <div className="mt-4">
      <h3 className="text-lg font-semibold">{lineOption(line).heading}</h3>
      <QuoteLineForm line={line} {...form} honeypot={false} submitLabel="Calcular precio" />
    </div>
  );
}
