import { useBlocker, type Location } from "@remix-run/react";
import { useCallback, useEffect, useId, useRef } from "react";
import { useHydrated } from "remix-utils/use-hydrated";

/**
 * The unsaved-changes flag of a form page (spec 4–5). While `when` is true:
 *
 * - leaving the page through the app (a link, the header, back/forward) is held by Remix's
 *   `useBlocker` and asks UNSAVED_CHANGES_MESSAGE in a native modal <dialog>: focus moves to
 *   "Permanecer en la página" (the safe choice), Escape or that button stay with the input intact
 *   and give focus back to where it was; "Salir" lets the navigation through;
 * - closing or reloading the tab gets the browser's own beforeunload prompt.
 *
 * A navigation to the very same URL (the form's own submission, a revalidation) is never held, so
 * submitting the form does not ask; the page also passes `when={false}` while it is submitting.
 */
export const UNSAVED_CHANGES_MESSAGE = "Tiene cambios sin guardar. ¿Desea salir de todos modos?";
export const STAY_LABEL = "Permanecer en la página";
export const LEAVE_LABEL = "Salir";

/** Whether a navigation from `current` to `next` leaves the page (another path or other search). */
export function leavesPage(current: Pick<Location, "pathname" | "search">, next: Pick<Location, "pathname" | "search">): boolean {
  return current.pathname !== next.pathname || current.search !== next.search;
}

export function UnsavedChangesGuard({ when }: { when: boolean }) {
  const shouldBlock = useCallback(
    ({ currentLocation, nextLocation }: { currentLocation: Location; nextLocation: Location }) => when && leavesPage(currentLocation, nextLocation),
    [when],
  );
  const blocker = useBlocker(shouldBlock);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const stayRef = useRef<HTMLButtonElement>(null);
  const returnFocusTo = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const descriptionId = useId();
  const blocked = blocker.state === "blocked";
  const hydrated = useHydrated();

  // The flag went down while a navigation was held (e.g. the form was submitted): let it be.
  useEffect(() => {
    if (blocker.state === "blocked" && !when) blocker.reset();
  }, [blocker, when]);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (blocked && !dialog.open) {
      returnFocusTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      stayRef.current?.focus();
    }
    if (!blocked && dialog.open) dialog.close();
  }, [blocked]);

  // The browser's own prompt when the tab is closed or reloaded.
  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need returnValue set to show the prompt.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [when]);

  const stay = () => {
    if (blocker.state === "blocked") blocker.reset();
  };

  // Only once hydrated: without JavaScript (w3m, Lynx) its buttons would be dead controls in the page.
  if (!hydrated) return null;
  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      className="w-[min(32rem,calc(100vw-2rem))] rounded-lg border border-slate-300 p-6 shadow-xl backdrop:bg-slate-900/50"
      onCancel={(event) => {
        // Escape: stay. The effect closes the dialog once the blocker is reset.
        event.preventDefault();
        stay();
      }}
      onClose={() => {
        const target = returnFocusTo.current;
        returnFocusTo.current = null;
        // Staying: back to where the person was. Leaving: the next page handles focus.
        if (blocker.state !== "proceeding" && target?.isConnected) target.focus();
      }}
    >
      <h2 id={titleId} className="text-xl font-bold text-slate-900">
        {UNSAVED_CHANGES_MESSAGE}
      </h2>
      <p id={descriptionId} className="mt-2 text-slate-700">
        Si sale ahora, perderá los datos que ha escrito en este formulario.
      </p>
      <div className="mt-6 flex flex-wrap items-center gap-3">
        <button ref={stayRef} type="button" className="btn-primary" onClick={stay}>
          {STAY_LABEL}
        </button>
        <button
          type="button"
          className="btn-secondary"
          onClick={() => {
            if (blocker.state === "blocked") blocker.proceed();
          }}
        >
          {LEAVE_LABEL}
        </button>
      </div>
    </dialog>
  );
}
