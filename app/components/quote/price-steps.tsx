import type { FactorLine, Frequency, Price } from "../../../api/contract/quotes";
import { FREQUENCY_LABELS } from "../../../api/contract/vocabulary";
import { formatMoney } from "../../../api/contract/format";
import { factorText } from "~/lib/plan-choice";

export type PriceStepsPlan = {
  name: string;
  basePremiumCents: number;
  riskPremiumCents: number;
  explanation: readonly FactorLine[];
  optionalGuarantees: readonly { code: string; name: string; priceCents: number }[];
  /** The optional guarantees in `price`. */
  extras: readonly string[];
};

/**
 * How a plan's price is built, line by line, so that a customer can redo the sum: the
 * plan's base premium, each tariff factor with the customer's value that chose it, its multiplier
 * and the running amount, the risk premium, the optional guarantees added, the net premium, then
 * the surcharges and the tax of the chosen way of paying and the total. A table: each row is a
 * concept (its header cell), its multiplier and its amount.
 */
export function PriceSteps({ plan, frequency, price, id }: { plan: PriceStepsPlan; frequency: Frequency; price: Price; id: string }) {
  const extras = plan.optionalGuarantees.filter((g) => plan.extras.includes(g.code));
  return (
    <>
      <table className="mt-2 w-full text-left text-sm" aria-describedby={`${id}-nota`}>
        <caption className="text-left font-bold text-slate-900">
          Cómo se calcula el precio<span className="sr-only"> de {plan.name}</span> ({FREQUENCY_LABELS[frequency].toLowerCase()})
        </caption>
        <thead>
          <tr className="border-b border-slate-300">
            <th scope="col" className="py-1 pr-2 font-semibold">
              Concepto
            </th>
            <th scope="col" className="py-1 pr-2 text-right font-semibold">
              Factor
            </th>
            <th scope="col" className="py-1 text-right font-semibold">
              Importe
            </th>
          </tr>
        </thead>
        <tbody>
          <Row concept="Prima base del plan" amount={plan.basePremiumCents} step="base" />
          {plan.explanation.map((line) => (
            <Row
              key={`${line.factor}-${line.label}`}
              concept={line.title}
              detail={line.input ? `${line.input}: ${line.label}` : line.label}
              factor={line.value}
              amount={line.amountCents}
              step="factor"
            />
          ))}
          <Row concept="Prima de riesgo" detail="La prima base por todos los factores" amount={plan.riskPremiumCents} step="risk" strong />
          {extras.map((g) => (
            <Row key={g.code} concept={`Garantía opcional: ${g.name}`} amount={g.priceCents} step="extra" plus />
          ))}
          <Row concept="Prima neta" amount={price.net} step="net" strong />
          <Row concept="Recargo por fraccionamiento" amount={price.fractionation} step="fractionation" plus />
          <Row concept="Consorcio de Compensación de Seguros" amount={price.consorcio} step="consorcio" plus />
          <Row concept="CLEA" amount={price.clea} step="clea" plus />
          <Row concept="IPS (impuesto)" amount={price.ips} step="ips" plus />
          <Row concept="Total al año" amount={price.total} step="total" strong />
        </tbody>
      </table>
      <p id={`${id}-nota`} className="mt-2 text-sm text-slate-600">
        Cada importe de los factores es la prima base multiplicada por ese factor y los anteriores, redondeada al céntimo; el redondeo no se arrastra
        de una línea a otra. Las garantías opcionales se suman a la prima de riesgo; los recargos y el IPS, a la prima neta.
      </p>
    </>
  );
}

function Row({
  concept,
  detail,
  factor,
  amount,
  step,
  strong = false,
  plus = false,
}: {
  concept: string;
  detail?: string;
  factor?: number;
  amount: number;
  /** What the row is, for tests that redo the sum from the page (data-paso). */
  step: string;
  strong?: boolean;
  plus?: boolean;
}) {
  return (
    <tr data-paso={step} className={`border-b border-slate-200 align-top ${strong ? "font-bold" : ""}`}>
      <th scope="row" className={`py-1 pr-2 ${strong ? "font-bold" : "font-normal"}`}>
        {concept}
        {/* The space keeps title and detail apart where CSS does not apply (a text browser). */}
        {detail ? (
          <>
            {" "}
            <span className="block font-normal text-slate-600">{detail}</span>
          </>
        ) : null}
      </th>
      <td className="whitespace-nowrap py-1 pr-2 text-right tabular-nums">{factor === undefined ? "" : factorText(factor)}</td>
      <td className="whitespace-nowrap py-1 text-right tabular-nums">
        {plus ? <span aria-hidden="true">+&nbsp;</span> : null}
        {formatMoney(amount)}
      </td>
    </tr>
  );
}
