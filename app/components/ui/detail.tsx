import type { ReactNode } from "react";

/** One term and its value of a detail page's <dl> (grid: terms in the first column). */
export function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-semibold text-slate-700">{term}</dt>
      <dd className="break-words">{children}</dd>
    </>
  );
}

/**
 * One titled part of a detail page (a policy, a client, a guarantee): a <section> named by its
 * <h2>, with an id for in-page links.
 */
export function DetailSection({ id, title, className = "", children }: { id: string; title: string; className?: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-titulo`} className={`scroll-mt-4 ${className}`}>
      <h2 id={`${id}-titulo`} className="mb-3 text-xl font-bold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}
