import type { ReactNode } from "react";

/**
 * What may be wider than the screen (a table) scrolls sideways inside this region, never the page
 * (reflow at 320 px and at 200 % zoom). `relative` makes it the containing block of the sr-only
 * text inside: absolutely positioned, that text would otherwise escape an overflow box that is not
 * positioned and widen the page. The focus stop lets a keyboard scroll it even when no cell holds
 * a link or a button, and the label names it for a screen reader. The one wrapper for every
 * horizontally scrolling table.
 */
export function ScrollRegion({
  label,
  describedBy,
  className = "",
  busy,
  children,
}: {
  label: string;
  describedBy?: string;
  /** Spacing and borders; `overflow-auto` and a max height for a table that scrolls both ways. */
  className?: string;
  busy?: boolean;
  children: ReactNode;
}) {
  return (
    <div
      role="region"
      aria-label={label}
      aria-describedby={describedBy}
      aria-busy={busy || undefined}
      tabIndex={0}
      className={`relative overflow-x-auto ${className}`}
    >
      {children}
    </div>
  );
}
