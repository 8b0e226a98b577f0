import { type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { QuoteListQuerySchema, QuoteListSchema } from "~/lib/contract.server";
import { Badge } from "~/components/ui/badge";
import { EmptyState } from "~/components/ui/empty-state";
import { Pagination } from "~/components/ui/pagination";
import { formatDate, formatDateTime, formatMoney } from "../../api/contract/format";
import { ownListLoader } from "~/lib/list.server";
import { QUOTE_STATUS_LABELS, QUOTE_STATUS_TONES } from "../../api/contract/vocabulary";
import { lineOption } from "~/lib/quote-form";
import { siteTitle } from "~/lib/page-title";

export const meta: MetaFunction = () => [{ title: siteTitle("Mis cotizaciones") }, { name: "robots", content: "noindex" }];

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const loader = (args: LoaderFunctionArgs) => ownListLoader(args, "/me/quotes", QuoteListQuerySchema, QuoteListSchema);

export default function MyQuotesPage() {
  const { items, total, totalCapped, page, pageSize } = useLoaderData<typeof loader>();
  return (
    <div className="container-page py-10 sm:py-14">
      <div className="max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Mis cotizaciones</h1>
        {total === 0 ? (
          <EmptyState message="Todavía no ha calculado ningún precio con su cuenta." action={{ to: "/cotizar", label: "Calcular precio" }} />
        ) : (
          <>
            <ul className="mt-8 space-y-4">
              {items.map((quote) => (
                <li key={quote.id} className="rounded-lg border-2 border-slate-300 bg-white p-4">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <h2 className="text-xl font-bold text-slate-900">
                      <Link to={`/cotizacion/${quote.id}`}>
                        {lineOption(quote.line).name}
                        {/* Two quotes of one line differ by what they insure. */}
                        <span className="sr-only">, </span>
                        <span className="block text-base font-medium text-slate-700">{quote.risk}</span>
                      </Link>
                    </h2>
                    <Badge tone={QUOTE_STATUS_TONES[quote.status]}>{QUOTE_STATUS_LABELS[quote.status]}</Badge>
                  </div>
                  <dl className="mt-2 grid grid-cols-1 gap-x-6 gap-y-1 text-slate-700 sm:grid-cols-3">
                    {quote.contracted ? (
                      // Bought: the plan bought and its price, not the cheapest plan offered.
                      <div>
                        <dt className="text-sm text-slate-600">Plan contratado</dt>
                        <dd className="font-semibold text-slate-900">
                          {quote.contracted.planName}, {formatMoney(quote.contracted.premiumTotal)} al año
                        </dd>
                      </div>
                    ) : (
                      <div>
                        <dt className="text-sm text-slate-600">Mejor precio</dt>
                        <dd className="font-semibold text-slate-900">{quote.bestPrice !== null ? `${formatMoney(quote.bestPrice)} al año` : "—"}</dd>
                      </div>
                    )}
                    <div>
                      <dt className="text-sm text-slate-600">Fecha</dt>
                      <dd>{formatDateTime(quote.createdAt)}</dd>
                    </div>
                    {quote.contracted ? (
                      <div>
                        <dt className="text-sm text-slate-600">Póliza</dt>
                        <dd>
                          <Link to={`/mi-poliza/${quote.contracted.policyId}`}>{quote.contracted.policyNumber}</Link>
                        </dd>
                      </div>
                    ) : (
                      <div>
                        <dt className="text-sm text-slate-600">{quote.status === "caducada" ? "Válida hasta (caducada)" : "Válida hasta"}</dt>
                        <dd>{formatDate(quote.validUntil)}</dd>
                      </div>
                    )}
                  </dl>
                </li>
              ))}
            </ul>
            <Pagination page={page} pageSize={pageSize} total={total} totalCapped={totalCapped} itemsLabel="cotizaciones" />
          </>
        )}
      </div>
    </div>
  );
}
