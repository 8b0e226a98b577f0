import { type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { notFound, invariantResponse } from "~/lib/http";
import { Link, useLoaderData } from "@remix-run/react";
import { isUuid, QuoteSchema } from "~/lib/contract.server";
import { QUOTE_STATUS_LABELS, QUOTE_STATUS_TONES } from "../../api/contract/vocabulary";
import { FrequencyPrices } from "~/components/quote/frequency-prices";
import { Badge } from "~/components/ui/badge";
import { visitorLoader } from "~/lib/visitor-route.server";
import { formatDate, formatMoney } from "../../api/contract/format";
import { quoteApi, quoteOwnerToken, QUOTE_NOT_FOUND } from "~/lib/quote-owner.server";
import { documentPaths } from "~/lib/document-paths";
import { lineOption, requoteHref } from "~/lib/quote-form";
import { QUOTE_PARAM } from "~/lib/plan-choice";
import { siteTitle } from "~/lib/page-title";

export const meta: MetaFunction = () => [{ title: siteTitle("Cotización") }, { name: "robots", content: "noindex" }];

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const loader = (args: LoaderFunctionArgs) =>
  visitorLoader(
    args,
    async ({ request, context, params, requireVisitor }) => {
      const visitor = await requireVisitor();
      const id = params.id ?? "";
      if (!isUuid(id)) throw notFound("Cotización no encontrada");
      const ownerToken = await quoteOwnerToken(request, context, id);
      // Someone else's quote answers 404, like one that does not exist.
      const quote = await quoteApi(context, request, { token: visitor.token, ownerToken }).get(`/quotes/${id}`, {
        schema: QuoteSchema,
        otherwise: QUOTE_NOT_FOUND,
      });
      invariantResponse(quote, "Cotización no encontrada");
      return {
        quote: { id: quote.id, line: quote.line, status: quote.status, validUntil: quote.validUntil, createdAt: quote.createdAt },
        plans: quote.plans.map((p) => ({
          code: p.code,
          name: p.name,
          description: p.description,
          recommended: p.recommended,
          deductibleCents: p.deductibleCents,
          guarantees: p.guarantees.map((g) => g.name),
          prices: p.prices,
        })),
        requoteHref: requoteHref(quote.line, quote.inputs as Record<string, unknown>),
      };
    },
    { private: true },
  );

export default function QuotePage() {
  const { quote, plans, requoteHref: requote } = useLoaderData<typeof loader>();
  const line = lineOption(quote.line);
  const open = quote.status === "cotizada";
  return (
    <div className="container-page py-10 sm:py-14">
      <div className="max-w-3xl">
        <p>
          <Link to="/mis-cotizaciones">Volver a Mis cotizaciones</Link>
        </p>
        <h1 className="mt-4 text-3xl font-bold tracking-tight sm:text-4xl">Cotización de {line.name.toLowerCase()}</h1>
        <div className="mt-3 flex flex-wrap items-center gap-3 text-slate-700">
          <Badge tone={QUOTE_STATUS_TONES[quote.status]}>{QUOTE_STATUS_LABELS[quote.status]}</Badge>
          <span>Calculada el {formatDate(quote.createdAt)}</span>
          <span>Válida hasta el {formatDate(quote.validUntil)}</span>
        </div>

        {quote.status === "caducada" ? (
          <section aria-labelledby="aviso" className="mt-6 rounded-md border-l-8 border-amber-500 bg-amber-50 p-4">
            <h2 id="aviso" className="text-xl font-bold text-slate-900">
              Esta cotización ha caducado
            </h2>
            <p className="mt-2">
              Sus precios eran válidos hasta el {formatDate(quote.validUntil)}. Vuelva a cotizar con los mismos datos para ver el precio de hoy.
            </p>
            <p className="mt-4">
              <Link to={requote} className="btn-primary">
                Volver a cotizar
              </Link>
            </p>
          </section>
        ) : null}
        {quote.status === "contratada" ? (
          <p className="mt-6">
            Ya ha contratado esta cotización. <Link to="/mi-poliza">Ver Mi póliza</Link>
          </p>
        ) : null}

        <div className="mt-6 flex flex-wrap gap-3">
          {open ? (
            <Link to={`/results?${QUOTE_PARAM}=${quote.id}`} className="btn-primary">
              Continuar
            </Link>
          ) : null}
          <a href={documentPaths.quote(quote.id)} className="btn-secondary" download>
            Descargar la cotización (PDF)
          </a>
        </div>

        <h2 className="mt-10 text-2xl font-bold text-slate-900">Planes</h2>
        <ul className="mt-4 space-y-4">
          {plans.map((plan) => (
            <li key={plan.code} className="rounded-lg border-2 border-slate-300 bg-white p-4">
              <h3 className="text-xl font-bold text-slate-900">
                {plan.name}
                {plan.recommended ? <span className="ml-2 text-base font-semibold text-brand-800">(recomendado)</span> : null}
              </h3>
              <p className="mt-1 text-slate-700">{plan.description}</p>
              {/* prettier-ignore */}
              <p className="mt-2">
                <strong className="text-2xl">{formatMoney(plan.prices.anual.total)}</strong> al año. Franquicia: {plan.deductibleCents > 0 ? formatMoney(plan.deductibleCents) : "sin franquicia"}.
              </p>
              <h4 className="mt-3 font-semibold text-slate-900">Precio según la forma de pago</h4>
              <FrequencyPrices prices={plan.prices} />
              <p className="mt-2 text-sm">
                <span className="font-semibold">Incluye: </span>
                {plan.guarantees.join(", ")}
              </p>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
