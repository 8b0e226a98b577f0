import { type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { documentPaths } from "~/lib/document-paths";
import { readOwnEndorsement } from "~/lib/endorsements.server";
import { formatDate, formatMoney } from "../../api/contract/format";
import { visitorLoader } from "~/lib/visitor-route.server";
import { siteTitle } from "~/lib/page-title";

/** /garantia-confirmada?suplemento={id}: what was added, from when, what was paid or will be charged, and the new documents. */
export const meta: MetaFunction = () => [{ title: siteTitle("Garantías añadidas") }, { name: "robots", content: "noindex" }];

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const loader = (args: LoaderFunctionArgs) =>
  visitorLoader(
    args,
    async ({ request, context, url, requireVisitor }) => {
      const visitor = await requireVisitor();
      return { endorsement: await readOwnEndorsement(request, context, visitor, url.searchParams.get("suplemento")) };
    },
    { private: true },
  );

export default function GuaranteeConfirmedPage() {
  const { endorsement: e } = useLoaderData<typeof loader>();
  const paid = e.payment.method === "card";
  return (
    <div className="container-page py-10 sm:py-14">
      <div className="max-w-2xl">
        <div className="rounded-md bg-green-700 p-5 text-white sm:p-6">
          <h1 className="text-3xl font-bold tracking-tight">Garantías añadidas a su póliza</h1>
          <p className="mt-2 text-lg">
            Póliza <strong>{e.policyNumber}</strong> · {e.lineName}: plan {e.planName}
          </p>
        </div>
        <p className="mt-6 text-lg text-slate-700">
          Le cubren desde el <strong>{formatDate(e.effectiveDate)}</strong> a las 00:00 h hasta el vencimiento de su póliza ({formatDate(e.endDate)}).
        </p>
        <section aria-labelledby="anadidas" className="mt-6">
          <h2 id="anadidas" className="text-xl font-bold text-slate-900">
            Qué se ha añadido
          </h2>
          <ul className="mt-2 list-disc space-y-1 pl-6">
            {e.guarantees.map((g) => (
              <li key={g.code}>
                <strong>{g.name}</strong>
                {g.limitText ? ` (límite: ${g.limitText})` : ""}: {formatMoney(g.netCents)} de prima neta por {e.remainingDays} días
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="pago" className="mt-6">
          <h2 id="pago" className="text-xl font-bold text-slate-900">
            {paid ? "Importe cobrado" : "Importe que se le cargará"}
          </h2>
          <dl className="mt-2 grid max-w-md grid-cols-2 gap-y-1 text-sm">
            <dt>Prima neta</dt>
            <dd className="text-right tabular-nums">{formatMoney(e.price.net)}</dd>
            <dt>Recargo por fraccionamiento</dt>
            <dd className="text-right tabular-nums">{formatMoney(e.price.fractionation)}</dd>
            <dt>Consorcio de Compensación de Seguros</dt>
            <dd className="text-right tabular-nums">{formatMoney(e.price.consorcio)}</dd>
            <dt>Recargo CLEA</dt>
            <dd className="text-right tabular-nums">{formatMoney(e.price.clea)}</dd>
            <dt>IPS</dt>
            <dd className="text-right tabular-nums">{formatMoney(e.price.ips)}</dd>
            <dt className="font-semibold">Total</dt>
            <dd className="text-right font-semibold tabular-nums">{formatMoney(e.price.total)}</dd>
          </dl>
          <p className="mt-3 text-slate-700">
            {paid
              ? `Recibo n.º ${e.recibo.sequence} cobrado con su tarjeta${e.payment.label ? ` ${e.payment.label}` : ""}.`
              : `Recibo n.º ${e.recibo.sequence}: se cargará en su cuenta${e.payment.label ? ` ${e.payment.label}` : ""} el ${formatDate(e.recibo.dueDate)}.`}
          </p>
        </section>
        <section aria-labelledby="documentos" className="mt-6">
          <h2 id="documentos" className="text-xl font-bold text-slate-900">
            Documentos
          </h2>
          <ul className="mt-2 list-disc space-y-1 pl-6">
            <li>
              <a href={documentPaths.conditions(e.policyId, e.version)} download>
                Condiciones particulares, versión {e.version} (PDF)
              </a>
            </li>
            <li>
              <a href={documentPaths.recibo(e.policyId, e.recibo.sequence)} download>
                Recibo n.º {e.recibo.sequence} del suplemento (PDF)
              </a>
            </li>
          </ul>
          <p className="mt-2 text-slate-700">
            {e.emailTo ? `Le enviamos la confirmación por correo electrónico a ${e.emailTo}; puede tardar unos minutos. ` : ""}
            Las versiones anteriores de sus condiciones siguen en Mi póliza.
          </p>
        </section>
        <p className="mt-8">
          <Link to={`/mi-poliza/${e.policyId}`} className="btn-primary">
            Volver a Mi póliza
          </Link>
        </p>
      </div>
    </div>
  );
}
