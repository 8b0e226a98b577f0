import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { formatMoment } from "../../api/contract/format";
import { ReturnImportSchema } from "../../api/contract/returns";
import { RETURNS_PATH, ReturnLinesTable } from "~/components/payment/return-lines";
import { BackLink } from "~/components/ui/back-link";
import { Detail } from "~/components/ui/detail";
import { adminLoader } from "~/lib/admin-route.server";
import { positiveIdParam } from "~/lib/http";
import { adminTitle } from "~/lib/page-title";

/** /admin/payments/returns/{id}: one imported return file, line by line (ADR 030). */
const ROUTE_ID = "routes/admin.payments.returns.$id";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: adminTitle(data ? `Devoluciones: ${data.fileName}` : "Devoluciones", matches) },
];

export const loader = (args: LoaderFunctionArgs) =>
  adminLoader(args, ROUTE_ID, async ({ api, params, request }) =>
    api.get(`${RETURNS_PATH}/${positiveIdParam(params.id)}`, { schema: ReturnImportSchema, signal: request.signal }),
  );

export default function ReturnImportPage() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <BackLink to={RETURNS_PATH}>Devoluciones del banco</BackLink>
      <header>
        <h1 className="text-2xl font-bold tracking-tight">Devoluciones: {data.fileName}</h1>
      </header>
      <dl className="grid max-w-2xl grid-cols-[auto_1fr] gap-x-6 gap-y-2">
        <Detail term="Formato">{data.format === "csv" ? "CSV" : "pain.002"}</Detail>
        <Detail term="Importado">
          {formatMoment(data.createdAt)}
          {data.createdByLabel ? ` por ${data.createdByLabel}` : ""}
        </Detail>
        <Detail term="Líneas">{data.lineCount}</Detail>
        <Detail term="Recibos devueltos">{data.applied}</Detail>
        <Detail term="Ya devueltos antes">{data.alreadyReturned}</Detail>
      </dl>
      <section aria-labelledby="lineas-titulo">
        <h2 id="lineas-titulo" className="mb-3 text-xl font-bold">
          Líneas del fichero
        </h2>
        <ReturnLinesTable caption={`Líneas del fichero ${data.fileName}`} lines={data.lines} />
      </section>
    </div>
  );
}
