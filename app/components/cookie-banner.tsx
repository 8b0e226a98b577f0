import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { Link, useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import type { Consent } from "~/lib/consent.server";

type CookieActionData = { ok: true; intent: "accept" | "reject" | "save" };

/**
 * First layer of the cookie notice (AEPD guide on cookies, 2023): shown until the visitor
 * decides; Aceptar, Rechazar and Configurar have the same weight (same class, same size).
 *
 * Without JavaScript it is a plain form posting to /cookies, which sets the cookie and
 * redirects back to `returnTo`. With JavaScript the same form is submitted by a fetcher that
 * asks for a JSON answer (`respond=json`): the page does not reload, the root loader is
 * revalidated and the notice is replaced by a short confirmation that takes focus (so focus
 * is not lost when the buttons disappear) and can be hidden.
 *
 * Not shown in the back office (staff consent is not a visitor's); see the root layout.
 *
 * It is an ordinary region, not a modal. Rendered after the page content it sticks to the
 * bottom of the viewport; rendered at the very top of <body> (the GOV.UK cookie banner
 * pattern) it stays in the flow. It is not shown on /cookies, the full settings page.
 * Render it whatever the consent: it hides itself when `consent` is set, and keeps its
 * confirmation message after a choice made with JavaScript.
 */
export function CookieBanner({ consent, returnTo }: { consent: Consent | null; returnTo: string }) {
  const fetcher = useFetcher<CookieActionData>({ key: "cookie-banner" });
  const location = useLocation();
  const [hydrated, setHydrated] = useState(false);
  const [confirmation, setConfirmation] = useState<"accept" | "reject" | null>(null);
  const confirmationRef = useRef<HTMLDivElement>(null);
  const lastLocationKey = useRef(location.key);

  useEffect(() => setHydrated(true), []);

  // The fetcher answered: show the confirmation and move focus to it.
  const submittedIntent = fetcher.formData?.get("intent");
  const doneIntent = fetcher.data?.ok ? fetcher.data.intent : null;
  useEffect(() => {
    if (doneIntent === "accept" || doneIntent === "reject") setConfirmation(doneIntent);
  }, [doneIntent]);
  useEffect(() => {
    if (confirmation) confirmationRef.current?.focus();
  }, [confirmation]);

  // The confirmation belongs to the page where the choice was made.
  useEffect(() => {
    if (lastLocationKey.current !== location.key) {
      lastLocationKey.current = location.key;
      setConfirmation(null);
    }
  }, [location.key]);

  if (confirmation) {
    return (
      <div role="region" aria-label="Aviso de cookies" className={regionClass}>
        <div
          ref={confirmationRef}
          tabIndex={-1}
          className="container-page flex flex-col gap-3 py-4 focus:outline-none sm:flex-row sm:items-center sm:justify-between"
        >
          {/* prettier-ignore */}
          <p>
            {confirmation === "accept"
              ? "Ha aceptado las cookies opcionales."
              : "Ha rechazado las cookies opcionales."} Puede cambiar su elección en cualquier momento en <Link to="/cookies" className="font-medium underline">
              Configurar cookies
            </Link>
            .
          </p>
          <button type="button" className="btn-secondary shrink-0 self-start sm:self-auto" onClick={() => setConfirmation(null)}>
            Ocultar este mensaje
          </button>
        </div>
      </div>
    );
  }

  if (consent) return null;
  if (location.pathname === "/cookies") return null;
  // Hide at once while the choice is being saved (optimistic); it stays hidden after revalidation.
  if (submittedIntent === "accept" || submittedIntent === "reject" || doneIntent) return null;

  const settingsHref = `/cookies?returnTo=${encodeURIComponent(returnTo)}`;
  // The three choices look exactly the same: same class, same size (no nudging towards "Aceptar").
  const buttonClass = "btn-primary w-full px-2 sm:px-4";

  return (
    <div role="region" aria-label="Aviso de cookies" className={regionClass}>
      {/* Short, so that on a phone it takes at most a quarter of the first screen (and scrolls inside beyond that). */}
      <div className="container-page flex max-h-[25vh] flex-col gap-2 overflow-y-auto py-2 sm:gap-4 sm:py-4 md:max-h-[60vh] md:flex-row md:items-center md:justify-between md:gap-8">
        <div className="max-w-2xl text-sm leading-snug sm:text-base sm:leading-relaxed">
          <h2 className="inline font-bold">Cookies.</h2>{" "}
          <p className="inline">
            Hasta que usted decida, solo usamos las técnicas necesarias. Con su permiso usaríamos también cookies de analítica y de personalización.
          </p>
        </div>
        {/* One form per choice, its intent a hidden field: a button's value shows in Lynx ("(accept) Aceptar"). */}
        <div className="grid shrink-0 grid-cols-3 gap-2 sm:w-[26rem] sm:gap-3">
          {(["accept", "reject"] as const).map((intent) => (
            <fetcher.Form key={intent} method="post" action="/cookies">
              <AuthenticityTokenInput />
              <input type="hidden" name="returnTo" value={returnTo} />
              <input type="hidden" name="intent" value={intent} />
              {hydrated ? <input type="hidden" name="respond" value="json" /> : null}
              <button type="submit" className={buttonClass}>
                {intent === "accept" ? "Aceptar" : "Rechazar"}
              </button>
            </fetcher.Form>
          ))}
          <Link to={settingsHref} className={buttonClass}>
            Configurar
          </Link>
        </div>
      </div>
    </div>
  );
}

// In the flow of the page (never a modal). Sticky at the bottom of the viewport when the
// banner is rendered after the page content, so it stays visible without covering the footer
// for good; rendered at the top of <body> it simply sits there.
const regionClass = "sticky bottom-0 z-40 border-t-2 border-brand-700 bg-slate-100 text-slate-900 shadow-[0_-4px_12px_rgba(15,23,42,0.12)]";
