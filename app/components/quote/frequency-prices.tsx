import type { Price } from "../../../api/contract/quotes";
import { FREQUENCIES, FREQUENCY_LABELS, type Frequency } from "../../../api/contract/vocabulary";
import { formatMoney } from "../../../api/contract/format";
import { recibosSummary } from "~/lib/plan-choice";

/** A plan's yearly total for each way of paying and how its recibos fall ("4 recibos de 37,94 €"). */
export function FrequencyPrices({ prices, chosen }: { prices: Record<Frequency, Pick<Price, "total" | "recibos">>; chosen?: Frequency }) {
  return (
    <ul className="mt-2 divide-y divide-slate-200 text-sm">
      {FREQUENCIES.map((value) => (
        <li key={value} className="py-2">
          <div className="flex justify-between gap-3">
            <span className={value === chosen ? "font-bold" : undefined}>{FREQUENCY_LABELS[value]}</span>
            <span className="text-right font-semibold tabular-nums">{formatMoney(prices[value].total)} al año</span>
          </div>
          <p className="text-slate-600">{recibosSummary(prices[value].recibos)}</p>
        </li>
      ))}
    </ul>
  );
}
