import { json, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { PolicyListSchema, type PolicyAnswer } from "../../api/contract/policies";
import { apiClient } from "~/lib/api.server";
import { requireVisitor } from "~/lib/auth.server";
import { formatMoney } from "~/lib/format";
import { PolicyDocuments } from "~/components/policy/policy-documents";
import { PolicyFacts } from "~/components/policy/policy-facts";
import { PolicyStatusBadge } from "~/components/policy/policy-status-badge";
import { ReciboTable } from "~/components/policy/recibo-table";
import { siteTitle } from "~/lib/page-title";

export const meta: MetaFunction = () => [{ title: siteTitle("Mi póliza") }, { name: "robots", content: "noindex" }];

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, context }: LoaderFunctionArgs) {
  // Not signed in: /login?redirectTo=/mi-poliza.
  const visitor = await requireVisitor(request, context);
  const { items } = await apiClient(context, request, visitor.token).get("/me/policies", { schema: PolicyListSchema });
  const headers = new Headers(visitor.headers);
  headers.set("Cache-Control", "private, no-store");
  return json({ policies: items }, { headers });
}

export default function MyPoliciesPage() {
  const { policies } = useLoaderData<typeof loader>();
  return (
    <div className="container-page py-10 sm:py-14">
      <div className="max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Mi póliza</h1>
        {policies.length === 0 ? (
          <div className="mt-6">
            <p className="text-lg text-slate-700">Todavía no tiene ninguna póliza contratada.</p>
            <p className="mt-4">
              <Link to="/cotizar" className="btn-primary">
                Calcular precio
              </Link>
            </p>
          </div>
        ) : (
          <>
            <p className="mt-3 text-lg text-slate-700">
              {policies.length === 1 ? "Su póliza, sus recibos y su documentación." : `Sus ${policies.length} pólizas, sus recibos y su documentación.`}
            </p>
            <ul className="mt-8 space-y-8">
              {policies.map((policy) => (
                <li key={policy.id}>
                  <PolicyCard policy={policy} />
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </div>
  );
}

function PolicyCard({ policy }: { policy: PolicyAnswer }) {
  const headingId = `poliza-${policy.id}`;
  const included = policy.guarantees.filter((g) => g.kind === "incluida");
  const optional = policy.guarantees.filter((g) => g.kind === "opcional");
  return (
    <article aria-labelledby={headingId} className="rounded-lg border-2 border-slate-300 bg-white p-4 sm:p-6">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id={headingId} className="text-2xl font-bold text-slate-900">
          {policy.lineName}: plan {policy.plan.name}
        </h2>
        <PolicyStatusBadge status={policy.status} />
      </div>
      <PolicyFacts policy={policy} />

      <h3 className="mt-6 text-xl font-bold text-slate-900">Garantías</h3>
      <ul className="mt-2 list-disc space-y-1 pl-6">
        {included.map((g) => (
          <li key={g.code}>
            {g.name}
            {g.limitText ? <span className="text-slate-600"> ({g.limitText})</span> : null}
          </li>
        ))}
        {optional.map((g) => (
          <li key={g.code}>
            {g.name} (añadida{g.priceCents !== null ? `, ${formatMoney(g.priceCents)} al año` : ""})
          </li>
        ))}
      </ul>
      <p className="mt-2 text-sm text-slate-700">
        Franquicia: {policy.plan.deductibleCents > 0 ? `${formatMoney(policy.plan.deductibleCents)} por siniestro` : "sin franquicia"}
      </p>

      <h3 className="mt-6 text-xl font-bold text-slate-900">Recibos</h3>
      <ReciboTable policy={policy} />
      <PolicyDocuments policy={policy} headingLevel={3} />
    </article>
  );
}
