/** One-line hints for the jargon of the cards (HOUSE-STYLE: jargon gets a one-line hint). */
export function PriceGlossary() {
  return (
    <section aria-labelledby="glosario-titulo" className="mt-12 max-w-3xl">
      <h2 id="glosario-titulo" className="text-xl font-bold text-slate-900">
        Qué significa cada concepto
      </h2>
      <dl className="mt-3 space-y-3 text-slate-700">
        <div>
          <dt className="font-semibold text-slate-900">Prima neta</dt>
          <dd>El precio del seguro en sí, antes de recargos e impuestos.</dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-900">Recargo por fraccionamiento</dt>
          <dd>Lo que cuesta de más pagar en varios recibos en lugar de uno al año.</dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-900">Recargos del Consorcio y CLEA</dt>
          <dd>
            Recargos obligatorios por ley: el Consorcio de Compensación de Seguros cubre riesgos extraordinarios como inundaciones, y CLEA financia la
            liquidación de aseguradoras. Se cobran en el primer recibo.
          </dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-900">IPS</dt>
          <dd>El impuesto sobre las primas de seguros, que se aplica a la prima neta y al recargo por fraccionamiento.</dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-900">Franquicia</dt>
          <dd>La parte de cada siniestro que paga usted; el seguro paga el resto.</dd>
        </div>
      </dl>
    </section>
  );
}
