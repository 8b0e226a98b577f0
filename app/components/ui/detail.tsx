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
