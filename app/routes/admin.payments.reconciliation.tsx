import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { ScrollRegion } from "~/components/ui/scroll-region";
import { adminLoader } from "~/lib/admin-route.server";
import { adminTitle } from "~/lib/page-title";
import { formatDateTime, formatMoney } from "../../api/contract/format";
import { ReconciliationSchema } from "../../api/contract/reconciliation";

/**
 * /admin/payments/reconciliation (ADR 027): money taken that no recibo records, recibos paid with
 * no money behind them, remittances that do not add up. Read-only; empty when the books agree.
 */
export const meta: MetaFunction = () => [{ title: adminTitle("Conciliación de cobros") }];

export const loader = (args: LoaderFunctionArgs) =>
  adminLoader(args, "routes/admin.payments.reconciliation", ({ api }) => api.get("/admin/payments/reconciliation", { schema: ReconciliationSchema }));

const cell = "px-3 py-2";
const head = "px-3 py-2 font-semibold border-b border-slate-300 bg-slate-50";

function Section({ id, title, help, headers, rows }: { id: string; title: string; help: string; headers: string[]; rows: ReactNode[][] }) {
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby={`${id}-titulo`}>
      <h2 id={`${id}-titulo`} className="text-xl font-bold">
        {title} ({rows.length})
      </h2>
      <p id={`${id}-ayuda`} className="mt-1 max-w-3xl text-slate-700">
        {help}
      </p>
      <ScrollRegion
        label={`${title}, desplazable`}
        describedBy={`${id}-ayuda`}
        className="mt-3 overflow-auto rounded-md border border-slate-200 bg-white"
      >
        <table className="w-full border-separate border-spacing-0 text-left text-sm">
          <caption className="sr-only">{title}</caption>
          <thead>
            <tr>
              {headers.map((h) => (
                <th key={h} scope="col" className={head}>
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => (
              <tr key={i} className="border-b border-slate-100">
                {row.map((value, j) => (
                  <td key={j} className={cell}>
                    {value}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </section>
  );
}

export default function ReconciliationPage() {
  const r = useLoaderData<typeof loader>();
  const empty = r.chargesWithoutPayment.length + r.recibosWithoutCharge.length + r.remittancesMismatched.length === 0;
  return (
    <div className="space-y-8">
      <header>
        <h1 className="text-2xl font-bold tracking-tight">Conciliación de cobros</h1>
        <p className="mt-1 max-w-3xl text-slate-700">
          Compara lo cobrado en la pasarela, los recibos cobrados y las remesas. Cada fila es un descuadre que hay que revisar.
        </p>
      </header>
      {empty ? (
        <p role="status" className="rounded-md border border-emerald-200 bg-emerald-50 px-4 py-3 text-emerald-900">
          Todo cuadra: no hay descuadres.
        </p>
      ) : null}
      <Section
        id="cobros"
        title="Cobros sin recibo"
        help="Dinero cobrado en la pasarela, y no devuelto, que ningún pago de un recibo registra: hay que registrarlo o devolverlo."
        headers={["Referencia", "Clave del cobro", "Medio", "Importe", "Cobrado"]}
        rows={r.chargesWithoutPayment.map((c) => [
          c.providerRef,
          c.idempotencyKey,
          c.method === "sepa" ? "Domiciliación" : "Tarjeta",
          formatMoney(c.amountCents),
          formatDateTime(c.createdAt),
        ])}
      />
      <Section
        id="recibos"
        title="Recibos cobrados sin cobro"
        help="Recibos marcados como cobrados sin un pago aceptado, sin referencia de transferencia y sin remesa cobrada."
        headers={["Póliza", "Recibo", "Importe", "Cobrado"]}
        rows={r.recibosWithoutCharge.map((x) => [
          <Link key="p" to={`/admin/policies/${x.policyId}/payments`} className="underline">
            {x.policyNumber}
          </Link>,
          `n.º ${x.sequence}`,
          formatMoney(x.amountCents),
          x.paidAt ? formatDateTime(x.paidAt) : "—",
        ])}
      />
      <Section
        id="remesas"
        title="Remesas que no cuadran"
        help="Remesas cuyo número de adeudos o importe total no coincide con la suma de sus adeudos."
        headers={["Remesa", "Adeudos declarados", "Adeudos", "Total declarado", "Suma de adeudos"]}
        rows={r.remittancesMismatched.map((m) => [m.messageId, m.count, m.itemsCount, formatMoney(m.totalCents), formatMoney(m.itemsTotalCents)])}
      />
    </div>
  );
}
