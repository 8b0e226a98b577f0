import type { SiteInfo } from "../../../api/contract/site";

/** The distributor's registration and the complaints channel, required before contracting. */
export function DistributorInfo({ site }: { site: SiteInfo }) {
  return (
    <section aria-labelledby="distribuidor" className="mt-8 rounded-md bg-slate-50 p-4 text-slate-700">
      <h2 id="distribuidor" className="text-lg font-bold text-slate-900">
        Información del distribuidor
      </h2>
      {/* prettier-ignore */}
      <p className="mt-2">
        {site.distributorName} (NIF {site.distributorTaxId}), inscrito en el Registro de distribuidores de seguros de la DGSFP con la
        clave {site.registrationNumber}. {site.address}.
      </p>
      <p className="mt-2">
        Para presentar una queja o reclamación, escriba a <a href={`mailto:${site.complaintsEmail}`}>{site.complaintsEmail}</a>. Si no queda
        satisfecho, puede acudir al Servicio de Reclamaciones de la Dirección General de Seguros y Fondos de Pensiones.
      </p>
    </section>
  );
}
