import { useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";

/**
 * After an in-app page change (JavaScript on), focus moves to the new page's main heading, so a
 * keyboard user continues from the top of the new page and a screen reader reads where they are
 * (a full page load does this by itself). Not on the first load, not when only the query of the
 * same page changes (a filter, a sort, a line chosen on /cotizar), and never away from what took
 * focus on purpose: an error summary (role="alert"), an element with autofocus, a dialog.
 */
export function FocusOnNavigation() {
  const { pathname } = useLocation();
  const previous = useRef<string | null>(null);
  useEffect(() => {
    const before = previous.current;
    previous.current = pathname;
    if (before === null || before === pathname) return;
    // After the new page's own effects (an error summary focuses itself when it mounts).
    const frame = requestAnimationFrame(() => {
      const active = document.activeElement;
      if (active instanceof HTMLElement && active !== document.body && active.closest('[role="alert"], [role="dialog"], [role="alertdialog"], [autofocus]')) return;
      const heading = document.querySelector<HTMLElement>("main h1, h1");
      if (!heading) return;
      if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
      heading.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [pathname]);
  return null;
}
