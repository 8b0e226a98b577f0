import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import type { Dashboard, DashboardSpan } from "../../../api/contract/dashboard";
import { formatCount, formatIsoDate, formatMoney } from "../../../api/contract/format";

/** Which lists the staff member may open: a figure links to its list only then (ADR 035). */
export type DashboardLinks = { policies: boolean; payments: boolean; quotes: boolean };

/** The list a figure summarises, with the filters that give the same number. */
export const DASHBOARD_LIST_URLS = {
  premiums: (span: DashboardSpan) => `/admin/policies?startFrom=${span.from}&startTo=${span.to}`,
  policiesInForce: "/admin/policies?status=en_vigor",
  renewals: (days: number) => `/admin/policies?renewalWithin=${days}`,
  recibosPending: "/admin/payments?status=pendiente",
  recibosReturned: "/admin/payments?status=devuelto",
  quotesWaiting: "/admin/quotes?waiting=true",
};

const spanText = (span: DashboardSpan) => `del ${formatIsoDate(span.from)} al ${formatIsoDate(span.to)}`;

/** "+12 %" / "−5 %" against last month, in words as well as signs; nothing when last month had none. */
function change(current: number, previous: number): string | null {
  if (previous === 0) return null;
  const pct = Math.round(((current - previous) / previous) * 100);
  if (pct === 0) return "igual que el mes anterior";
  return pct > 0 ? `${pct} % más que el mes anterior` : `${-pct} % menos que el mes anterior`;
}

function Figure({
  id,
  title,
  value,
  detail,
  link,
}: {
  id: string;
  title: string;
  value: string;
  detail?: ReactNode;
  link: { to: string; label: string } | null;
}) {
  return (
    <li className="flex flex-col rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <h3 className="text-sm font-medium text-slate-700">{title}</h3>
      <p className="mt-1 break-words text-3xl font-bold tabular-nums text-slate-900" data-figure={id}>
        {value}
      </p>
      {detail ? <div className="mt-1 text-sm text-slate-700">{detail}</div> : null}
      {link ? (
        <p className="mt-auto pt-3 text-sm">
          <Link to={link.to}>{link.label}</Link>
        </p>
      ) : null}
    </li>
  );
}

/** The figures the staff member may see, each with the link to its list (when they may open it). */
export function DashboardFigures({ figures, links }: { figures: Dashboard; links: DashboardLinks }) {
  const { premiums, recibos, renewals } = figures;
  const trend = premiums ? change(premiums.current.cents, premiums.previous.cents) : null;
  return (
    <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {premiums ? (
        <Figure
          id="primas"
          title="Nueva contratación y renovaciones este mes"
          value={formatMoney(premiums.current.cents)}
          detail={
            <>
              <p>
                {formatCount(premiums.current.policies)} pólizas con efecto {spanText(premiums.current)}.
              </p>
              <p>
                Mes anterior, mismos días: {formatMoney(premiums.previous.cents)} ({formatCount(premiums.previous.policies)} pólizas)
                {trend ? `; ${trend}.` : "."}
              </p>
              {links.policies ? (
                <p className="pt-1">
                  <Link to={DASHBOARD_LIST_URLS.premiums(premiums.previous)}>Ver las pólizas del mes anterior</Link>
                </p>
              ) : null}
            </>
          }
          link={links.policies ? { to: DASHBOARD_LIST_URLS.premiums(premiums.current), label: "Ver las pólizas de este mes" } : null}
        />
      ) : null}
      {figures.policiesInForce !== null ? (
        <Figure
          id="en-vigor"
          title="Pólizas en vigor"
          value={formatCount(figures.policiesInForce)}
          link={{ to: DASHBOARD_LIST_URLS.policiesInForce, label: "Ver las pólizas en vigor" }}
        />
      ) : null}
      {renewals ? (
        <Figure
          id="renovaciones"
          title={`Renovaciones en ${renewals.days} días`}
          value={formatCount(renewals.count)}
          detail={<p>Pólizas en vigor que vencen de hoy al {formatIsoDate(renewals.until)}.</p>}
          link={{ to: DASHBOARD_LIST_URLS.renewals(renewals.days), label: "Ver las renovaciones" }}
        />
      ) : null}
      {recibos ? (
        <>
          <Figure
            id="pendientes"
            title="Recibos pendientes"
            value={formatCount(recibos.pending.count)}
            detail={<p>Por cobrar: {formatMoney(recibos.pending.cents)}.</p>}
            link={links.payments ? { to: DASHBOARD_LIST_URLS.recibosPending, label: "Ver los recibos pendientes" } : null}
          />
          <Figure
            id="devueltos"
            title="Recibos devueltos"
            value={formatCount(recibos.returned.count)}
            detail={<p>Importe devuelto: {formatMoney(recibos.returned.cents)}.</p>}
            link={links.payments ? { to: DASHBOARD_LIST_URLS.recibosReturned, label: "Ver los recibos devueltos" } : null}
          />
        </>
      ) : null}
      {figures.quotesWaiting !== null ? (
        <Figure
          id="por-llamar"
          title="Cotizaciones que esperan una llamada"
          value={figures.quotesWaiting.capped ? `Más de ${formatCount(figures.quotesWaiting.count)}` : formatCount(figures.quotesWaiting.count)}
          detail={<p>De visitantes con cuenta, válidas y sin contratar un día después.</p>}
          link={links.quotes ? { to: DASHBOARD_LIST_URLS.quotesWaiting, label: "Ver las cotizaciones por llamar" } : null}
        />
      ) : null}
      {figures.myLeads ? (
        <Figure
          id="mis-oportunidades"
          title="Mis oportunidades"
          value={formatCount(figures.myLeads.open)}
          detail={
            figures.myLeads.due.length === 0 ? (
              <p>Ninguna próxima acción para hoy ni atrasada.</p>
            ) : (
              <ul className="space-y-1">
                {figures.myLeads.due.map((lead) => (
                  <li key={lead.id}>
                    <a href={`/admin/pipeline/${lead.id}`}>{lead.name}</a>
                    {`: ${lead.nextAction ?? "próxima acción"}, ${formatIsoDate(lead.nextActionOn)}`}
                  </li>
                ))}
              </ul>
            )
          }
          link={{ to: "/admin/pipeline?owner=me", label: "Ver mis oportunidades" }}
        />
      ) : null}
    </ul>
  );
}

/** True when the answer holds at least one figure for this staff member. */
export function hasFigures(figures: Dashboard): boolean {
  return (
    figures.premiums !== null ||
    figures.policiesInForce !== null ||
    figures.renewals !== null ||
    figures.recibos !== null ||
    figures.quotesWaiting !== null ||
    Boolean(figures.myLeads)
  );
}
