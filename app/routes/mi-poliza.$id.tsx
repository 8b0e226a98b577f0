import { json, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { PolicyDocuments } from "~/components/policy/policy-documents";
import { PolicyFacts } from "~/components/policy/policy-facts";
import { PolicyGuarantees } from "~/components/policy/policy-guarantees";
import { PolicyRisk } from "~/components/policy/policy-risk";
import { PolicyStatusBadge } from "~/components/policy/policy-status-badge";
import { ReciboTable } from "~/components/policy/recibo-table";
import { siteTitle } from "~/lib/page-title";
import { readOwnPolicy } from "~/lib/policies.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: siteTitle(data ? `Póliza ${data.policy.number}` : "Póliza") },
  { name: "robots", content: "noindex" },
];

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  // Not signed in: the login page, then back here. Someone else's policy: 404.
  const { policy, headers } = await readOwnPolicy(request, context, params.id);
  return json({ policy }, { headers });
}

export default function PolicyPage() {
  const { policy } = useLoaderData<typeof loader>();
  return (
    <div className="container-page py-10 sm:py-14">
      <div className="max-w-3xl">
        <p>
          <Link to="/mi-poliza">Volver a Mi póliza</Link>
        </p>
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">
            {policy.lineName}: plan {policy.plan.name}
          </h1>
          <PolicyStatusBadge status={policy.status} />
        </div>
        <PolicyFacts policy={policy} withRisk={false} />
        <PolicyRisk policy={policy} />

        <h2 className="mt-8 text-xl font-bold text-slate-900">Garantías</h2>
        <PolicyGuarantees policy={policy} />

        <h2 className="mt-8 text-xl font-bold text-slate-900">Recibos</h2>
        <ReciboTable policy={policy} />
        <PolicyDocuments policy={policy} />
      </div>
    </div>
  );
}
