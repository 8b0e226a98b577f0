import { useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";

/** Marks what a page's form submission produces (a list's count of results): focus goes there after it. */
export const FOCUS_RESULT_ATTRIBUTE = "data-focus-result";

/**
 * After an in-app page change (JavaScript on), focus moves to the new page's main heading, so a
 * keyboard user continues from the top of the new page and a screen reader reads where they are
 * (a full page load does this by itself). Not on the first load, not when only the query of the
 * same page changes (a sort, a line chosen on /cotizar), and never away from what took focus on
 * purpose: an error summary (role="alert"), an element with autofocus, a dialog.
 *
 * A form sent that lands on the same page (a search, an action's redirect) moves focus only when
 * the form took it away with it (it was replaced, so focus fell to <body>): to the page's result
 * (FOCUS_RESULT_ATTRIBUTE) or else its heading. A form that stays (a select that updates the page
 * as it changes) keeps it.
 */
export function FocusOnNavigation() {
  const { pathname, key } = useLocation();
  const navigation = useNavigation();
  const previous = useRef<{ pathname: string; key: string } | null>(null);
  const fromForm = useRef(false);
  useEffect(() => {
    const before = previous.current;
    previous.current = { pathname, key };
    if (before === null || before.key === key) return;
    const samePage = before.pathname === pathname;
    if (samePage && !fromForm.current) return;
    // After the new page's own effects (an error summary focuses itself when it mounts).
    const frame = requestAnimationFrame(() => {
      const active = document.activeElement;
      const lost = !(active instanceof HTMLElement) || active === document.body;
      if (!lost && (samePage || active.closest('[role="alert"], [role="dialog"], [role="alertdialog"], [autofocus]'))) return;
      const target = (samePage ? document.querySelector<HTMLElement>(`main [${FOCUS_RESULT_ATTRIBUTE}]`) : null) ?? document.querySelector<HTMLElement>("main h1, h1");
      if (!target) return;
      if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
      target.focus({ preventScroll: !samePage });
    });
    return () => cancelAnimationFrame(frame);
  }, [pathname, key]);
  // After the effect above, which reads it when the navigation lands: was it a form's?
  useEffect(() => {
    fromForm.current = navigation.state !== "idle" && Boolean(navigation.formMethod);
  }, [navigation.state, navigation.formMethod]);
  return null;
}
