import type { InsurerAnswer } from "../../../api/contract/site";

/** "Aseguradora Meseta, S.A. … (NIF A28645315), clave DGSFP C0999. Paseo de la Castellana 200, 28046 Madrid." */
export function insurerSentence(insurer: InsurerAnswer): string {
  return `${insurer.name}${insurer.taxId ? ` (NIF ${insurer.taxId})` : ""}${insurer.dgsfpKey ? `, clave DGSFP ${insurer.dgsfpKey}` : ""}.${insurer.address ? ` ${insurer.address}.` : ""}`;
}

/** The insurer that carries the risk (checkout, Mi póliza, back office), beside the distributor. */
export function InsurerInfo({ insurer, intro }: { insurer: InsurerAnswer; intro: string }) {
  return (
    <section aria-labelledby="entidad-aseguradora" className="mt-8 rounded-md bg-slate-50 p-4 text-slate-700">
      <h2 id="entidad-aseguradora" className="text-lg font-bold text-slate-900">
        Entidad aseguradora
      </h2>
      <p className="mt-2">{intro}</p>
      <p className="mt-1 font-semibold text-slate-900">{insurerSentence(insurer)}</p>
    </section>
  );
}
