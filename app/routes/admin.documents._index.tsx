import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AdminDocumentListQuerySchema, AdminDocumentListSchema } from "../../api/contract/documents";
import { DOCUMENT_COLUMNS, DOCUMENT_FILTERS } from "~/components/document/document-list-columns";
import { CsvLink, ListView } from "~/components/list/list-view";
import { readListPage } from "~/lib/admin-list.server";
import { adminLoader } from "~/lib/admin-route.server";
import { adminTitle } from "~/lib/page-title";

/** /admin/documents: every stored document of the portfolio, filtered, searched and sorted, and its CSV (ADR 036). */
const ROUTE_ID = "routes/admin.documents._index";

export const meta: MetaFunction = ({ matches }) => [{ title: adminTitle("Documentos", matches) }];

export const loader = (args: LoaderFunctionArgs) =>
  adminLoader(args, ROUTE_ID, async (ctx) => readListPage(ctx, "/admin/documents", AdminDocumentListQuerySchema, AdminDocumentListSchema));

export default function DocumentsPage() {
  const { list, filters, filterResult } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Documentos</h1>
          <p className="mt-1 text-slate-700">
            Todo documento de la cartera, tal como se emitió o se recibió: cotizaciones, IPID, condiciones particulares, recibos, justificantes,
            mandatos, remesas, certificados y documentos subidos.
          </p>
        </div>
        {list ? <CsvLink path="/admin/documents.csv" /> : null}
      </header>

      <ListView
        list={list}
        itemsLabel="documentos"
        caption="Documentos"
        columns={DOCUMENT_COLUMNS}
        rowKey={(r) => r.id}
        minWidth="64rem"
        empty={
          <p>No hay documentos con estos filtros. Un documento aparece aquí en cuanto se emite (una venta, una descarga, un correo) o se sube.</p>
        }
        filters={{ id: "filtros-documentos", label: "Filtrar documentos", defs: DOCUMENT_FILTERS, values: filters, lastResult: filterResult }}
      />
    </div>
  );
}
