import { Link } from "@remix-run/react";
import type { SiteInfo } from "../../api/contract/site";

const LEGAL_LINKS = [
  { to: "/politica-de-privacidad", label: "Política de privacidad" },
  { to: "/terminos-y-condiciones", label: "Términos y condiciones" },
  { to: "/cookies", label: "Configurar cookies" },
];

/**
 * The site's footer: legal links, who the distributor is (LSSI-CE art. 10 and the
 * insurance distribution rules: name, NIF, address, registration number), how to complain,
 * and the copyright line.
 *
 * `site` is undefined when the footer is rendered by an error page whose loader data is
 * not available; it then shows a generic line instead of the distributor's data.
 */
export function SiteFooter({ site }: { site?: SiteInfo | null }) {
  const year = new Date().getFullYear();
  const holder = (site?.distributorName ?? "Cotiza").replace(/\.+$/, "");

  return (
    <footer className="mt-16 border-t border-slate-200 bg-slate-50 text-sm text-slate-700">
      <div className="container-page grid gap-8 py-10 md:grid-cols-3">
        <nav aria-label="Información legal">
          <h2 className="text-base font-semibold text-slate-900">Información legal</h2>
          <ul className="mt-3 space-y-1">
            {LEGAL_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="inline-flex min-h-[44px] items-center underline md:min-h-0 md:py-1">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <section aria-labelledby="pie-distribuidor">
          <h2 id="pie-distribuidor" className="text-base font-semibold text-slate-900">
            Quién le atiende
          </h2>
          {site ? (
            <div className="mt-3 space-y-1 leading-relaxed">
              <p>
                <span className="font-medium text-slate-900">{site.distributorName}</span>, NIF {site.distributorTaxId}
              </p>
              <p>{site.address}</p>
              <p>
                Distribuidor de seguros inscrito en el Registro administrativo de distribuidores de seguros y reaseguros de la Dirección General de
                Seguros y Fondos de Pensiones (DGSFP) con el número <span className="font-medium text-slate-900">{site.registrationNumber}</span>.
              </p>
              <p>
                <a href={`mailto:${site.email}`} className="underline">
                  {site.email}
                </a>
                {" · "}
                <a href={`tel:${site.phone.replace(/[^\d+]/g, "")}`} className="underline">
                  {site.phone}
                </a>
              </p>
            </div>
          ) : (
            // prettier-ignore
            <p className="mt-3 leading-relaxed">
              Cotiza es un servicio de distribución de seguros inscrito en el Registro de la Dirección General de
              Seguros y Fondos de Pensiones (DGSFP). Encontrará todos nuestros datos en los <Link to="/terminos-y-condiciones" className="underline">
                Términos y condiciones
              </Link>
              .
            </p>
          )}
        </section>

        <section aria-labelledby="pie-reclamaciones">
          <h2 id="pie-reclamaciones" className="text-base font-semibold text-slate-900">
            Quejas y reclamaciones
          </h2>
          <p className="mt-3 leading-relaxed">
            Escriba a nuestro Servicio de Atención al Cliente
            {site ? (
              <>
                {" en "}
                <a href={`mailto:${site.complaintsEmail}`} className="underline [overflow-wrap:anywhere]">
                  {site.complaintsEmail}
                </a>
              </>
            ) : null}
            . Si no le respondemos en plazo o la respuesta no le satisface, puede acudir al Servicio de Reclamaciones de la Dirección General de
            Seguros y Fondos de Pensiones (DGSFP).
          </p>
        </section>
      </div>
      <div className="border-t border-slate-200">
        <p className="container-page py-4 text-slate-600">© {`${year} ${holder}`}. Todos los derechos reservados.</p>
      </div>
    </footer>
  );
}
