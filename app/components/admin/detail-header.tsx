import type { ReactNode } from "react";
import { BackLink } from "~/components/ui/back-link";

/**
 * The top of a back-office detail page (a client, a guarantee): the link back to its list, the
 * name with its badges, what the person may do (`children`) and the links to its sections.
 */
export function DetailHeader({
  back,
  title,
  badges,
  sections,
  sectionsLabel,
  children,
}: {
  back: { to: string; label: string };
  title: string;
  badges: ReactNode;
  sections: readonly (readonly [id: string, label: string])[];
  /** The name of the section links' <nav> ("Secciones del cliente"). */
  sectionsLabel: string;
  children: ReactNode;
}) {
  return (
    <>
      <BackLink to={back.to}>{back.label}</BackLink>
      <header className="space-y-3">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
          {badges}
        </div>
        {children}
        <nav aria-label={sectionsLabel}>
          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
            {sections.map(([id, label]) => (
              <li key={id}>
                <a href={`#${id}`}>{label}</a>
              </li>
            ))}
          </ul>
        </nav>
      </header>
    </>
  );
}
