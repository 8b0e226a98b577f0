import { useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";

const TARGET_ATTRIBUTE = "data-focus-target";

/**
 * Marks what a navigation within the same page should focus: a step's heading, a search's
 * result, an error that a GET form's answer shows. The value names the state it shows ("paso-2"),
 * and focus moves to it when a navigation changes that value; one target per page state.
 */
export function focusTarget(value: string) {
  return { [TARGET_ATTRIBUTE]: value, tabIndex: -1 } as const;
}

/**
 * After an in-app page change (JavaScript on), focus moves to the new page's main heading, so a
 * keyboard user continues from the top of the new page and a screen reader reads where they are
 * (a full page load does this by itself). Not on the first load, and never away from what took
 * focus on purpose: an error summary (role="alert"), an element with autofocus, a dialog.
 * When only the query of the same page changes (a filter, a sort, a line chosen on /cotizar),
 * focus stays where it is, unless the page marks a new target with `focusTarget` (a step of the
 * phone sale) or what had focus is gone (a link that led to the next step): then it goes to the
 * page's target, or its heading, never to <body>.
 */
export function FocusOnNavigation() {
  const { pathname, key } = useLocation();
  const previous = useRef<{ pathname: string; target: string | null } | null>(null);
  useEffect(() => {
    const before = previous.current;
    const target = document.querySelector<HTMLElement>(`[${TARGET_ATTRIBUTE}]`);
    const targetValue = target?.getAttribute(TARGET_ATTRIBUTE) ?? null;
    previous.current = { pathname, target: targetValue };
    if (before === null) return;
    // After the new page's own effects (an error summary focuses itself when it mounts).
    const frame = requestAnimationFrame(() => {
      const active = document.activeElement;
      const lost = !(active instanceof HTMLElement) || active === document.body || !active.isConnected;
      if (!lost && active.closest('[role="alert"], [role="dialog"], [role="alertdialog"], [autofocus]')) return;
      const heading = document.querySelector<HTMLElement>("main h1, h1");
      const samePage = before.pathname === pathname;
      const next = !samePage ? heading : target && targetValue !== before.target ? target : lost ? (target ?? heading) : null;
      if (!next) return;
      if (!next.hasAttribute("tabindex")) next.setAttribute("tabindex", "-1");
      next.focus({ preventScroll: !samePage });
    });
    return () => cancelAnimationFrame(frame);
  }, [pathname, key]);
  return null;
}
