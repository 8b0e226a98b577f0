import { Link, useLocation } from "@remix-run/react";
import { formatCount } from "../../../api/contract/format";

/** Page numbers to show around `current`: first, last, neighbours, and "gap" where pages are skipped. */
export function pageItems(current: number, totalPages: number, around = 1): (number | "gap")[] {
  if (totalPages <= 1) return [1];
  const pages = new Set<number>([1, totalPages]);
  for (let p = current - around; p <= current + around; p++) if (p >= 1 && p <= totalPages) pages.add(p);
  const sorted = [...pages].sort((a, b) => a - b);
  const items: (number | "gap")[] = [];
  sorted.forEach((page, index) => {
    const previous = sorted[index - 1];
    if (previous !== undefined && page - previous === 2) items.push(previous + 1);
    else if (previous !== undefined && page - previous > 2) items.push("gap");
    items.push(page);
  });
  return items;
}

/** The link to `page` keeping every other search parameter (filters, search); page 1 has no param. */
export function pageHref(pathname: string, search: string, page: number, param = "page"): string {
  const params = new URLSearchParams(search);
  if (page <= 1) params.delete(param);
  else params.set(param, String(page));
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

export function totalPagesFor(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
}

/**
 * What a list holds, plural, with its singular: «de 1 póliza», «de 2 pólizas». A list's label
 * must be one of these, so a new list says its singular here.
 */
const SINGULAR_OF = {
  resultados: "resultado",
  pólizas: "póliza",
  clientes: "cliente",
  cotizaciones: "cotización",
  usuarios: "usuario",
  oportunidades: "oportunidad",
  documentos: "documento",
  garantías: "garantía",
  extornos: "extorno",
  remesas: "remesa",
  siniestros: "siniestro",
  recibos: "recibo",
  correos: "correo",
  importaciones: "importación",
  registros: "registro",
} as const;
export type ItemsLabel = keyof typeof SINGULAR_OF;

export type PaginationProps = {
  page: number;
  pageSize: number;
  total: number;
  /** The search parameter that holds the page (default "page"). */
  param?: string;
  /** What is being listed, plural, for "Mostrando 1–20 de 57 usuarios". */
  itemsLabel?: ItemsLabel;
  /** The API stopped counting at `total`: there are more (shown as "más de 10.000"). */
  totalCapped?: boolean;
  /** Whether the count sentence is shown here (the list kit shows it above the table). */
  showCount?: boolean;
};

/** "Mostrando 1–20 de 134 usuarios" («de 1 usuario»), or "… de más de 10.000 registros", or "No hay usuarios". */
export function countSentence({
  page,
  pageSize,
  total,
  totalCapped = false,
  itemsLabel = "resultados",
}: Omit<PaginationProps, "param" | "showCount">): string {
  if (total === 0) return `No hay ${itemsLabel}`;
  const current = Math.min(Math.max(1, page), totalPagesFor(total, pageSize));
  const first = (current - 1) * pageSize + 1;
  const last = Math.min(total, current * pageSize);
  const of = totalCapped ? `más de ${formatCount(total)}` : formatCount(total);
  const label = total === 1 && !totalCapped ? SINGULAR_OF[itemsLabel] : itemsLabel;
  return `Mostrando ${formatCount(first)}–${formatCount(last)} de ${of} ${label}`;
}

/** "Mostrando X–Y de Z" and Anterior / page numbers / Siguiente links; plain links, so no JS needed. */
export function Pagination({
  page,
  pageSize,
  total,
  param = "page",
  itemsLabel = "resultados",
  totalCapped = false,
  showCount = true,
}: PaginationProps) {
  const { pathname, search } = useLocation();
  const totalPages = totalPagesFor(total, pageSize);
  const current = Math.min(Math.max(1, page), totalPages);
  const linkClass =
    "inline-flex min-h-[44px] min-w-[44px] items-center justify-center rounded-md border border-slate-300 px-3 font-medium no-underline hover:bg-slate-50";

  return (
    <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      {showCount ? <p className="text-sm text-slate-700">{countSentence({ page, pageSize, total, totalCapped, itemsLabel })}</p> : <span />}
      {totalPages > 1 ? (
        <nav aria-label="Paginación">
          <ul className="flex flex-wrap items-center gap-1">
            {current > 1 ? (
              <li>
                <Link to={pageHref(pathname, search, current - 1, param)} className={linkClass} rel="prev">
                  <span aria-hidden="true">‹</span>&nbsp;Anterior
                </Link>
              </li>
            ) : null}
            {pageItems(current, totalPages).map((item, index) =>
              item === "gap" ? (
                <li key={`gap-${index}`} aria-hidden="true" className="px-2 text-slate-500">
                  …
                </li>
              ) : (
                <li key={item}>
                  {item === current ? (
                    <span aria-current="page" className={`${linkClass} border-brand-700 bg-brand-700 text-white hover:bg-brand-700`}>
                      <span className="sr-only">Página </span>
                      {item}
                    </span>
                  ) : (
                    <Link to={pageHref(pathname, search, item, param)} className={linkClass}>
                      <span className="sr-only">Página </span>
                      {item}
                    </Link>
                  )}
                </li>
              ),
            )}
            {current < totalPages ? (
              <li>
                <Link to={pageHref(pathname, search, current + 1, param)} className={linkClass} rel="next">
                  Siguiente&nbsp;<span aria-hidden="true">›</span>
                </Link>
              </li>
            ) : null}
          </ul>
        </nav>
      ) : null}
    </div>
  );
}
