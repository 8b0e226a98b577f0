import type { PolicyAnswer } from "../../../api/contract/policies";
import { Fact } from "~/components/policy/policy-facts";

type RiskPolicy = Pick<PolicyAnswer, "riskDescription">;

/** The insured risk (the car, the dwelling) as the particular conditions describe it, under its own heading (/mi-poliza/{id}). */
export function PolicyRisk({ policy }: { policy: RiskPolicy }) {
  return (
    <section aria-labelledby="riesgo-asegurado">
      <h2 id="riesgo-asegurado" className="mt-8 text-xl font-bold text-slate-900">
        Riesgo asegurado
      </h2>
      <PolicyRiskFacts policy={policy} />
    </section>
  );
}

/** The same facts without a heading, for a page whose own section titles them (the back office). */
export function PolicyRiskFacts({ policy }: { policy: RiskPolicy }) {
  const { title, rows } = policy.riskDescription;
  return (
    <>
      <p className="mt-2 text-slate-700">{title}</p>
      <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-2">
        {rows.map((row) => (
          <Fact key={row.label} term={row.label}>
            {row.value}
          </Fact>
        ))}
      </dl>
    </>
  );
}
