import { Link } from "@remix-run/react";
import type { PolicySummary } from "../../../api/contract/policies";
import { POLICY_PARAM } from "~/lib/endorsement-page";

/** A customer with several policies in force: which one gets the guarantees. */
export function ChoosePolicy({ policies }: { policies: PolicySummary[] }) {
  return (
    <>
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Añadir garantías a su póliza</h1>
      <p className="mt-3 text-lg text-slate-700">¿A qué póliza quiere añadir garantías?</p>
      <PolicyLinks policies={policies} current={null} />
    </>
  );
}

/** The customer's policies in force, the current one marked. */
export function PolicyLinks({ policies, current }: { policies: PolicySummary[]; current: number | null }) {
  return (
    <nav aria-label="Sus pólizas en vigor" className="mt-4">
      <ul className="space-y-2">
        {policies.map((p) => (
          <li key={p.id}>
            {p.id === current ? (
              <span aria-current="page" className="font-semibold">
                {p.lineName}: plan {p.plan.name} ({p.number})
              </span>
            ) : (
              <Link to={`/garantias?${POLICY_PARAM}=${p.id}`}>
                {p.lineName}: plan {p.plan.name} ({p.number})
              </Link>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
