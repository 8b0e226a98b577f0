import { type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { PolicyListQuerySchema, PolicyListSchema } from "~/lib/contract.server";
import { PolicySummaryCard } from "~/components/policy/policy-summary-card";
import { EmptyState } from "~/components/ui/empty-state";
import { Pagination } from "~/components/ui/pagination";
import { ownListLoader } from "~/lib/list.server";
import { siteTitle } from "~/lib/page-title";
import { formatCount } from "../../api/contract/format";

export const meta: MetaFunction = () => [{ title: siteTitle("Mi póliza") }, { name: "robots", content: "noindex" }];

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

// Not signed in: /login?redirectTo=/mi-poliza.
export const loader = (args: LoaderFunctionArgs) => ownListLoader(args, "/me/policies", PolicyListQuerySchema, PolicyListSchema);

export default function MyPoliciesPage() {
  const { items, total, totalCapped, page, pageSize } = useLoaderData<typeof loader>();
  return (
    <div className="container-page py-10 sm:py-14">
      <div className="max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Mi póliza</h1>
        {total === 0 ? (
          <EmptyState
            message="Todavía no tiene ninguna póliza contratada."
            hint={
              // prettier-ignore
              <>
                Calcule el precio de su seguro en unos minutos, o contrate uno que ya calculó desde <Link to="/mis-cotizaciones">Mis cotizaciones</Link>.
              </>
            }
            action={{ to: "/cotizar", label: "Calcular precio" }}
          />
        ) : (
          <>
            <p className="mt-3 text-lg text-slate-700">
              {total === 1
                ? "Su póliza. Ábrala para ver sus garantías, sus recibos y su documentación."
                : `Sus ${formatCount(total)} pólizas. Abra una para ver sus garantías, sus recibos y su documentación.`}
            </p>
            <ul className="mt-8 space-y-6">
              {items.map((policy) => (
                <li key={policy.id}>
                  <PolicySummaryCard policy={policy} />
                </li>
              ))}
            </ul>
            {/* One page needs no count ("Sus 3 pólizas" says it) nor page links. */}
            {total > pageSize ? <Pagination page={page} pageSize={pageSize} total={total} totalCapped={totalCapped} itemsLabel="pólizas" /> : null}
          </>
        )}
      </div>
    </div>
  );
}
