import type { EndorsementPriceAnswer } from "../../../api/contract/endorsements";
import { formatMoney } from "../../../api/contract/format";

/** The price of a choice, line by line (net premium, surcharges, taxes) and its total. */
export function Breakdown({ price, caption }: { price: EndorsementPriceAnswer; caption: string }) {
  const rows: Array<[string, number, string?]> = [
    ["Prima neta por los días que quedan", price.net],
    ["Recargo por fraccionamiento", price.fractionation, "El de la forma de pago de su póliza."],
    ["Consorcio de Compensación de Seguros", price.consorcio, "Ya va en los recibos de la anualidad: no se cobra otra vez."],
    ["Recargo CLEA", price.clea],
    ["IPS (impuesto sobre las primas de seguros)", price.ips],
  ];
  return (
    <table className="mt-2 w-full max-w-md text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <tbody>
        {rows.map(([label, amount, hint]) => (
          <tr key={label} className="border-b border-slate-200">
            <th scope="row" className="py-1 pr-3 font-normal">
              {label}
              {hint ? <span className="block text-xs text-slate-600">{hint}</span> : null}
            </th>
            <td className="py-1 text-right tabular-nums">{formatMoney(amount)}</td>
          </tr>
        ))}
        <tr>
          <th scope="row" className="py-1 pr-3 font-semibold">
            Total
          </th>
          <td className="py-1 text-right font-semibold tabular-nums">{formatMoney(price.total)}</td>
        </tr>
      </tbody>
    </table>
  );
}
