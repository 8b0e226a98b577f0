import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ClaimHandlersSchema } from "../../api/contract/admin-claims";
import { ClaimListQuerySchema, ClaimListSchema } from "../../api/contract/claim-views";
import { ListView } from "~/components/list/list-view";
import { ADMIN_CLAIMS_PATH, CLAIM_COLUMNS, claimFilters } from "~/components/claim/claim-list-columns";
import { readListPage } from "~/lib/admin-list.server";
import { adminLoader } from "~/lib/admin-route.server";
import { adminTitle } from "~/lib/page-title";

/** /admin/claims: the declared claims, filtered by status, line, handler, age and reserve, searched by number or holder. */
const ROUTE_ID = "routes/admin.claims._index";

export const meta: MetaFunction = ({ matches }) => [{ title: adminTitle("Siniestros", matches) }];

export const loader = (args: LoaderFunctionArgs) =>
  adminLoader(args, ROUTE_ID, async (ctx) => {
    const [page, { handlers }] = await Promise.all([
      readListPage(ctx, ADMIN_CLAIMS_PATH, ClaimListQuerySchema, ClaimListSchema),
      ctx.api.get("/admin/claims/handlers", { schema: ClaimHandlersSchema, signal: ctx.request.signal }),
    ]);
    return { ...page, handlers };
  });

export default function ClaimsPage() {
  const { list, filters, filterResult, handlers } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight">Siniestros</h1>
        <p className="mt-1 text-slate-700">Los siniestros que declaran los clientes: su estado, su reserva y quién los tramita.</p>
      </header>
      <ListView
        list={list}
        itemsLabel="siniestros"
        caption="Siniestros"
        columns={CLAIM_COLUMNS}
        rowKey={(c) => c.id}
        minWidth="64rem"
        empty={<p>Todavía no hay siniestros. Aparecen aquí en cuanto un cliente declara uno desde Mi póliza.</p>}
        filters={{ id: "filtros-siniestros", label: "Buscar siniestros", defs: claimFilters(handlers), values: filters, lastResult: filterResult }}
      />
    </div>
  );
}
