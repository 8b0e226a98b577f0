import { useEffect, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { MIN_TOAST_DURATION_MS } from "~/lib/toast";
import type { Toast } from "~/lib/toast.server";

const STYLES: Record<Toast["type"], { bar: string; icon: string }> = {
  success: { bar: "border-l-green-700", icon: "text-green-700" },
  info: { bar: "border-l-brand-700", icon: "text-brand-700" },
  warning: { bar: "border-l-amber-600", icon: "text-amber-700" },
  error: { bar: "border-l-red-700", icon: "text-red-700" },
};

/**
 * The flash notification of the page (root loader → getToast). With JavaScript it hides itself
 * after `durationMs` (at least MIN_TOAST_DURATION_MS) or when dismissed with its close button; the
 * clock waits while the pointer is over it or focus is in it, and starts again when they leave
 * (WCAG 2.2.1). Without JavaScript it stays on that page and is gone on the next one (the cookie
 * is consumed). Whatever it says is also at the top of the page (PageNotice), where it stays.
 * Warnings and errors are role="alert", the rest role="status". Rendered early in the page, so its
 * close button is an early tab stop.
 */
export function Toaster({ toast }: { toast: Toast | null | undefined }) {
  const hydrated = useHydrated();
  const [shown, setShown] = useState<Toast | null>(toast ?? null);

  // A new toast (new id) replaces the one on screen; a later answer without one leaves it alone.
  const incomingId = toast?.id;
  useEffect(() => {
    if (toast) setShown(toast);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by id: the same toast re-sent must not restart it
  }, [incomingId]);

  const shownId = shown?.id;
  const duration = Math.max(shown?.durationMs ?? 0, MIN_TOAST_DURATION_MS);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const held = hovered || focused;
  useEffect(() => {
    if (!shownId || held) return;
    const timer = window.setTimeout(() => setShown(null), duration);
    return () => window.clearTimeout(timer);
  }, [shownId, duration, held]);
  // A dismissed or expired toast takes its hover and focus with it.
  useEffect(() => {
    if (shownId) return;
    setHovered(false);
    setFocused(false);
  }, [shownId]);

  return (
    <div aria-live="polite" className="pointer-events-none fixed inset-x-0 top-3 z-50 flex flex-col items-center gap-2 px-3 sm:items-end sm:px-4">
      {shown ? (
        <div
          key={shown.id}
          role={shown.type === "warning" || shown.type === "error" ? "alert" : "status"}
          data-toast-type={shown.type}
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
          onMouseEnter={() => setHovered(true)}
          onMouseLeave={() => setHovered(false)}
          className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-md border border-l-8 border-slate-300 bg-white p-4 shadow-lg ${STYLES[shown.type].bar}`}
        >
          <ToastIcon type={shown.type} className={`mt-0.5 h-5 w-5 shrink-0 ${STYLES[shown.type].icon}`} />
          <div className="min-w-0 flex-1">
            <p className="font-semibold text-slate-900">{shown.title}</p>
            {shown.description ? <p className="mt-1 text-slate-700">{shown.description}</p> : null}
          </div>
          {hydrated ? (
            <button
              type="button"
              onClick={() => setShown(null)}
              className="-m-2 inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900"
            >
              <span className="sr-only">Cerrar notificación</span>
              <svg
                aria-hidden="true"
                focusable="false"
                viewBox="0 0 24 24"
                className="h-5 w-5"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              >
                <path d="M6 6l12 12M18 6 6 18" />
              </svg>
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

/**
 * The toast said again at the top of the page it lands on, where it stays: a toast that goes away
 * is easy to miss with a screen reader, a keyboard or a magnifier. Not a live region (the toast
 * already is); the next page has no toast and no notice.
 */
export function PageNotice({ toast }: { toast: Toast | null | undefined }) {
  if (!toast) return null;
  return (
    <div className={`mb-6 flex items-start gap-3 rounded-md border border-l-8 border-slate-300 bg-white p-4 ${STYLES[toast.type].bar}`}>
      <ToastIcon type={toast.type} className={`mt-0.5 h-5 w-5 shrink-0 ${STYLES[toast.type].icon}`} />
      <p>
        <strong className="font-semibold text-slate-900">{toast.title}.</strong>
        {toast.description ? <span className="text-slate-700">{` ${toast.description}.`}</span> : null}
      </p>
    </div>
  );
}

function ToastIcon({ type, className }: { type: Toast["type"]; className: string }) {
  const common = {
    "aria-hidden": true,
    focusable: false,
    viewBox: "0 0 24 24",
    className,
    fill: "none",
    stroke: "currentColor",
    strokeWidth: 2,
    strokeLinecap: "round",
    strokeLinejoin: "round",
  } as const;
  switch (type) {
    case "success":
      return (
        <svg {...common}>
          <circle cx="12" cy="12" r="9" />
          <path d="m8 12 3 3 5-6" />
        </svg>
      );
    case "warning":
      return (
        <svg {...common}>
          <path d="M12 3 2 20h20L12 3Z" />
          <path d="M12 10v4M12 17h.01" />
        </svg>
      );
    case "error":
      return (
        <svg {...common}>
          <circle cx="12" cy="12" r="9" />
          <path d="M12 8v5M12 16h.01" />
        </svg>
      );
    case "info":
      return (
        <svg {...common}>
          <circle cx="12" cy="12" r="9" />
          <path d="M12 11v5M12 8h.01" />
        </svg>
      );
  }
}
