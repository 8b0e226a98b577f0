import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { RemittanceDetailSchema } from "../../api/contract/remittances";
import { formatDateTime, formatIsoDate, formatMoney } from "../../api/contract/format";
import { RECIBO_STATUS_LABELS, RECIBO_STATUS_TONES } from "../../api/contract/vocabulary";
import { DetailHeader } from "~/components/admin/detail-header";
import { Badge } from "~/components/ui/badge";
import { Detail, DetailSection } from "~/components/ui/detail";
import { adminLoader } from "~/lib/admin-route.server";
import { positiveIdParam } from "~/lib/http";
import { adminTitle } from "~/lib/page-title";

/** /admin/payments/remittances/{id}: one remittance, its debits and its pain.008 file (ADR 029). */
const ROUTE_ID = "routes/admin.payments.remittances.$id";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: adminTitle(data ? `Remesa ${data.remittance.id}` : "Remesa SEPA", matches) },
];

export const loader = (args: LoaderFunctionArgs) =>
  adminLoader(args, ROUTE_ID, async ({ api, params, request }) => ({
    remittance: await api.get(`/admin/payments/remittances/${positiveIdParam(params.id)}`, {
      schema: RemittanceDetailSchema,
      signal: request.signal,
    }),
  }));

export default function RemittancePage() {
  const { remittance: r } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-8">
      <DetailHeader
        back={{ to: "/admin/payments/remittances", label: "Remesas SEPA" }}
        title={`Remesa ${r.id}`}
        badges={<Badge tone={r.status === "abierta" ? "info" : "success"}>{r.status === "abierta" ? "Abierta" : "Cerrada"}</Badge>}
        sections={[
          ["datos", "Datos"],
          ["adeudos", "Adeudos"],
        ]}
        sectionsLabel="Secciones de la remesa"
      >
        <p>
          <a href={`/admin/payments/remittances/${r.id}/fichero`} className="btn-primary" download={`remesa-${r.id}.xml`}>
            Descargar el fichero (pain.008)
          </a>
        </p>
      </DetailHeader>
      <DetailSection id="datos" title="Datos">
        <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2">
          <Detail term="Fecha de cobro">{formatIsoDate(r.collectionDate)}</Detail>
          <Detail term="Recibos">{r.count}</Detail>
          <Detail term="Total">{formatMoney(r.totalCents)}</Detail>
          <Detail term="Identificador del mensaje">{r.messageId}</Detail>
          <Detail term="Generada">
            {formatDateTime(r.createdAt)}
            {r.createdByLabel ? ` por ${r.createdByLabel}` : ""}
          </Detail>
          <Detail term="Huella SHA-256 del fichero">
            <span className="font-mono text-sm">{r.fileSha256}</span>
          </Detail>
        </dl>
      </DetailSection>
      <DetailSection id="adeudos" title="Adeudos">
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className="w-full min-w-[60rem] text-left text-sm">
            <caption className="sr-only">Adeudos de la remesa {r.id}</caption>
            <thead className="bg-slate-50">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Póliza
                </th>
                <th scope="col" className="px-3 py-2">
                  Recibo
                </th>
                <th scope="col" className="px-3 py-2">
                  Deudor
                </th>
                <th scope="col" className="px-3 py-2">
                  IBAN
                </th>
                <th scope="col" className="px-3 py-2">
                  Mandato
                </th>
                <th scope="col" className="px-3 py-2">
                  Secuencia
                </th>
                <th scope="col" className="px-3 py-2">
                  Referencia (EndToEndId)
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Importe
                </th>
                <th scope="col" className="px-3 py-2">
                  Estado
                </th>
              </tr>
            </thead>
            <tbody>
              {r.items.map((i) => (
                <tr key={i.reciboId} className="border-t border-slate-200">
                  <td className="px-3 py-2">
                    <Link to={`/admin/policies/${i.policyId}`}>{i.policyNumber}</Link>
                  </td>
                  <td className="px-3 py-2">{i.sequence}</td>
                  <td className="px-3 py-2">{i.debtorName}</td>
                  <td className="px-3 py-2 whitespace-nowrap">{i.iban}</td>
                  <td className="px-3 py-2">{i.mandateReference}</td>
                  <td className="px-3 py-2">{i.sequenceType === "FRST" ? "Primer adeudo (FRST)" : "Recurrente (RCUR)"}</td>
                  <td className="px-3 py-2 font-mono">{i.endToEndId}</td>
                  <td className="px-3 py-2 text-right">{formatMoney(i.amountCents)}</td>
                  <td className="px-3 py-2">
                    <Badge tone={RECIBO_STATUS_TONES[i.status]}>{RECIBO_STATUS_LABELS[i.status]}</Badge>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </DetailSection>
    </div>
  );
}
