import { json, redirect, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { PolicyListQuerySchema, PolicyListSchema } from "../../api/contract/policies";
import { PolicySummaryCard } from "~/components/policy/policy-summary-card";
import { EmptyState } from "~/components/ui/empty-state";
import { Pagination, pageHref, totalPagesFor } from "~/components/ui/pagination";
import { apiClient } from "~/lib/api.server";
import { requireVisitor } from "~/lib/auth.server";
import { privateHeaders } from "~/lib/http";
import { siteTitle } from "~/lib/page-title";

export const meta: MetaFunction = () => [{ title: siteTitle("Mi póliza") }, { name: "robots", content: "noindex" }];

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

const PAGE_SIZE = 10;
const numberFormat = new Intl.NumberFormat("es-ES");

export async function loader({ request, context }: LoaderFunctionArgs) {
  // Not signed in: /login?redirectTo=/mi-poliza.
  const visitor = await requireVisitor(request, context);
  const url = new URL(request.url);
  // A page that is not one (?page=abc, 0) shows the first.
  const parsed = PolicyListQuerySchema.safeParse({ page: url.searchParams.get("page") ?? undefined });
  const page = parsed.success ? parsed.data.page : 1;
  const list = await apiClient(context, request, visitor.token).get("/me/policies", {
    query: { page, pageSize: PAGE_SIZE },
    schema: PolicyListSchema,
  });
  // Past the last page (a policy fewer, an old link): the last page.
  if (list.items.length === 0 && list.total > 0) {
    throw redirect(pageHref(url.pathname, url.search, totalPagesFor(list.total, list.pageSize)), { headers: visitor.headers });
  }
  return json(list, { headers: privateHeaders(visitor.headers) });
}

export default function MyPoliciesPage() {
  const { items, total, page, pageSize } = useLoaderData<typeof loader>();
  return (
    <div className="container-page py-10 sm:py-14">
      <div className="max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Mi póliza</h1>
        {total === 0 ? (
          <EmptyState
            message="Todavía no tiene ninguna póliza contratada."
            hint={
              <>
                Calcule el precio de su seguro en unos minutos, o contrate uno que ya calculó desde{" "}
                <Link to="/mis-cotizaciones">Mis cotizaciones</Link>.
              </>
            }
            action={{ to: "/cotizar", label: "Calcular precio" }}
          />
        ) : (
          <>
            <p className="mt-3 text-lg text-slate-700">
              {total === 1
                ? "Su póliza. Ábrala para ver sus garantías, sus recibos y su documentación."
                : `Sus ${numberFormat.format(total)} pólizas. Abra una para ver sus garantías, sus recibos y su documentación.`}
            </p>
            <ul className="mt-8 space-y-6">
              {items.map((policy) => (
                <li key={policy.id}>
                  <PolicySummaryCard policy={policy} />
                </li>
              ))}
            </ul>
            {/* One page needs no count ("Sus 3 pólizas" says it) nor page links. */}
            {total > pageSize ? <Pagination page={page} pageSize={pageSize} total={total} itemsLabel="pólizas" /> : null}
          </>
        )}
      </div>
    </div>
  );
}
