import type { PolicyAnswer } from "../../../api/contract/policies";
import { formatDate, formatMoney } from "../../../api/contract/format";

/** What the policy covers: the plan's guarantees, the optional ones added, and the deductible. */
export function PolicyGuarantees({ policy }: { policy: Pick<PolicyAnswer, "guarantees" | "plan"> }) {
  const included = policy.guarantees.filter((g) => g.kind === "incluida");
  const optional = policy.guarantees.filter((g) => g.kind === "opcional");
  return (
    <>
      <ul className="mt-2 list-disc space-y-1 pl-6">
        {included.map((g) => (
          <li key={g.code}>
            {g.name}
            {g.limitText ? <span className="text-slate-600"> ({g.limitText})</span> : null}
          </li>
        ))}
        {optional.map((g) => (
          <li key={g.code}>
            {g.name} ({g.since ? `añadida por suplemento desde el ${formatDate(g.since)}` : "añadida"}
            {g.priceCents !== null ? `, ${formatMoney(g.priceCents)} al año` : ""})
          </li>
        ))}
      </ul>
      <p className="mt-2 text-sm text-slate-700">
        Franquicia: {policy.plan.deductibleCents > 0 ? `${formatMoney(policy.plan.deductibleCents)} por siniestro` : "sin franquicia"}
      </p>
    </>
  );
}
