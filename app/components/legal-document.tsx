import { useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import type { SiteInfo } from "../../api/contract/site";

export type LegalSection = { readonly id: string; readonly title: string };

/**
 * The distributor's data for the legal pages, from the root loader (which already asked the API
 * for it on this request: the pages do not ask again). Undefined only inside an error page.
 */
export function useSiteInfo(): SiteInfo {
  const data = useRouteLoaderData<{ site?: SiteInfo }>("root");
  if (!data?.site) throw new Error("root loader data (site) is missing");
  return data.site;
}

/** A numbered section heading that the table of contents links to. */
export function sectionHeading(sections: readonly LegalSection[], index: number) {
  const section = sections[index]!;
  return (
    <h2 id={section.id} className="scroll-mt-6">
      {index + 1}. {section.title}
    </h2>
  );
}

/** The frame of a legal text: title, date of the last change, introduction, contents, sections. */
export function LegalDocument({
  title,
  updated,
  intro,
  sections,
  children,
}: {
  title: string;
  /** Already formatted (dd/mm/aaaa). */
  updated: string;
  intro: ReactNode;
  sections: readonly LegalSection[];
  children: ReactNode;
}) {
  return (
    <div className="container-page py-10">
      <article className="prose-legal max-w-3xl [&_a]:underline">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
        <p className="text-slate-700">Última actualización: {updated}</p>
        {intro}
        <nav aria-labelledby="indice-legal" className="mt-6 rounded-md border border-slate-200 bg-slate-50 p-4">
          <h2 id="indice-legal" className="!mt-0 !text-lg">
            Contenido
          </h2>
          <ol>
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className="inline-block py-1">
                  {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        {children}
        <p>Última actualización: {updated}.</p>
      </article>
    </div>
  );
}
