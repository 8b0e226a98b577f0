import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import {
  GUARANTEE_STATE_LABELS,
  GUARANTEE_STATES,
  GuaranteeListQuerySchema,
  GuaranteeListSchema,
  type GuaranteeRow,
} from "../../api/contract/guarantees";
import { LINE_LABELS, LINES } from "../../api/contract/vocabulary";
import type { Column } from "~/components/list/data-table";
import type { FilterDef } from "~/components/list/filter-bar";
import { CsvLink, ListView } from "~/components/list/list-view";
import { Badge } from "~/components/ui/badge";
import { EmptyState } from "~/components/ui/empty-state";
import { adminLoader } from "~/lib/admin-route.server";
import { canOpen } from "~/lib/admin-routes";
import { formatDate, formatMoney } from "../../api/contract/format";
import { assertPageInRange, readListQuery } from "~/lib/list.server";
import { adminTitle } from "~/lib/page-title";
import { describeGuaranteePrice } from "../../api/contract/guarantees";

/** /admin/guarantees: the guarantee catalogue, filtered by line and state, searched, sorted, paged, as CSV. */
const LIST_PATH = "/admin/guarantees";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: adminTitle("Garantías", Boolean(data?.filterResult)) }];

export const loader = (args: LoaderFunctionArgs) =>
  adminLoader(args, "routes/admin.guarantees._index", async ({ admin, api, request, headers }) => {
    const canCreate = canOpen(admin.role.permissions, "routes/admin.guarantees.new");
    const read = readListQuery(request, GuaranteeListQuerySchema, headers);
    if (!read.ok) return { list: null, filters: read.filters, filterResult: read.filterResult, canCreate };
    const list = await api.get(LIST_PATH, { query: read.query, schema: GuaranteeListSchema, signal: request.signal });
    assertPageInRange(request, list, headers);
    return { list, filters: read.filters, filterResult: null, canCreate };
  });

const FILTERS: FilterDef[] = [
  { name: "q", label: "Buscar", hint: "Parte del código o del nombre.", kind: "search" },
  { name: "line", label: "Ramo", kind: "select", placeholder: "Todos", options: LINES.map((value) => ({ value, label: LINE_LABELS[value] })) },
  {
    name: "state",
    label: "Estado",
    kind: "select",
    placeholder: "Activas e inactivas",
    options: GUARANTEE_STATES.map((value) => ({ value, label: GUARANTEE_STATE_LABELS[value] })),
  },
];

const planNames = (plans: { name: string }[]) => (plans.length ? plans.map((p) => p.name).join(", ") : "—");

const COLUMNS: Column<GuaranteeRow>[] = [
  { id: "line", header: "Ramo", sortKey: "line", className: "whitespace-nowrap", cell: (g) => LINE_LABELS[g.line] },
  { id: "code", header: "Código", sortKey: "code", className: "font-mono text-sm break-all", cell: (g) => g.code },
  { id: "name", header: "Nombre", sortKey: "name", rowHeader: true, cell: (g) => g.name },
  { id: "includedIn", header: "Incluida en", cell: (g) => planNames(g.includedIn) },
  { id: "optionalIn", header: "Opcional en", cell: (g) => planNames(g.optionalIn) },
  {
    id: "price",
    header: "Precio",
    align: "end",
    className: "whitespace-nowrap",
    cell: (g) => (
      <>
        {describeGuaranteePrice(g.price.priceType, g.price.priceValue)}
        {g.nextPrice ? (
          <span className="block text-sm text-slate-700">
            {describeGuaranteePrice(g.nextPrice.priceType, g.nextPrice.priceValue)} desde el {formatDate(g.nextPrice.validFrom)}
          </span>
        ) : null}
      </>
    ),
  },
  { id: "limit", header: "Límite", cell: (g) => g.limitText ?? (g.limitCents !== null ? formatMoney(g.limitCents) : "—") },
  {
    id: "deductible",
    header: "Franquicia",
    align: "end",
    className: "whitespace-nowrap",
    cell: (g) => (g.deductibleCents ? formatMoney(g.deductibleCents) : "Sin franquicia"),
  },
  { id: "active", header: "Estado", cell: (g) => <Badge tone={g.active ? "success" : "neutral"}>{g.active ? "Activa" : "Inactiva"}</Badge> },
  { id: "livePolicies", header: "Pólizas vivas", align: "end", cell: (g) => g.livePolicies },
  {
    id: "actions",
    header: <span className="sr-only">Acciones</span>,
    align: "end",
    cell: (g) => (
      <Link to={`${LIST_PATH}/${g.id}`}>
        Ver<span className="sr-only"> la garantía {g.name}</span>
      </Link>
    ),
  },
];

export default function GuaranteesPage() {
  const { list, filters, filterResult, canCreate } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Garantías</h1>
          <p className="mt-1 text-slate-700">
            Las coberturas de cada ramo: en qué planes van incluidas, en cuáles se ofrecen como opcionales y a qué precio. «Pólizas vivas»: pendientes
            de pago, en vigor o suspendidas que la llevan.
          </p>
        </div>
        <div className="flex flex-wrap gap-3">
          {canCreate ? (
            <Link to={`${LIST_PATH}/new`} className="btn-primary">
              Nueva garantía
            </Link>
          ) : null}
          {list ? <CsvLink path="/admin/guarantees.csv" /> : null}
        </div>
      </header>
      <ListView
        list={list}
        itemsLabel="garantías"
        caption="Garantías"
        columns={COLUMNS}
        rowKey={(g) => g.id}
        minWidth="72rem"
        empty={
          canCreate ? (
            <EmptyState message="Todavía no hay garantías en el catálogo." action={{ to: `${LIST_PATH}/new`, label: "Crear la primera garantía" }} />
          ) : (
            <p>Todavía no hay garantías en el catálogo.</p>
          )
        }
        filters={{ id: "filtros-garantias", label: "Buscar garantías", defs: FILTERS, values: filters, lastResult: filterResult }}
      />
    </div>
  );
}
