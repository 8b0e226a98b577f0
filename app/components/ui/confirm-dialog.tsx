import { Form, Link } from "@remix-run/react";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { useHydrated } from "remix-utils/use-hydrated";
import { SubmitButton } from "./submit-button";

export type ConfirmDialogProps = {
  /** The label of the button (or, without JavaScript, the link) that asks for confirmation. */
  triggerLabel: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  /** The label of the button that does it ("Desactivar", "Eliminar"). */
  confirmLabel: ReactNode;
  /** Where the confirmed form posts (default: this route's action). */
  action?: string;
  /** Hidden fields sent with the confirmation, e.g. { intent: "deactivate" }. */
  fields?: Record<string, string>;
  /**
   * Without JavaScript the trigger is a link to a confirmation page: a URL of the route that
   * renders <ConfirmPage> (or its own form) for the same action.
   */
  fallbackHref: string;
  tone?: "danger" | "primary";
  triggerClassName?: string;
};

/**
 * Destructive actions ask first (HOUSE-STYLE): with JavaScript, a native modal <dialog> (it traps
 * focus, closes on Escape and gives focus back to the trigger); without JavaScript, the trigger is
 * a link to a confirmation page.
 */
export function ConfirmDialog({
  triggerLabel,
  title,
  description,
  confirmLabel,
  action,
  fields = {},
  fallbackHref,
  tone = "danger",
  triggerClassName,
}: ConfirmDialogProps) {
  const hydrated = useHydrated();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  const triggerClass = triggerClassName ?? (tone === "danger" ? "btn border border-red-700 bg-white text-red-700 hover:bg-red-50" : "btn-secondary");

  if (!hydrated) {
    return (
      <Link to={fallbackHref} className={triggerClass}>
        {triggerLabel}
      </Link>
    );
  }

  return (
    <>
      <button ref={triggerRef} type="button" className={triggerClass} onClick={() => setOpen(true)}>
        {triggerLabel}
      </button>
      <dialog
        ref={dialogRef}
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        onClose={() => {
          setOpen(false);
          triggerRef.current?.focus();
        }}
        className="w-[min(32rem,calc(100vw-2rem))] rounded-lg border border-slate-300 p-0 shadow-xl backdrop:bg-slate-900/50"
      >
        <div className="p-6">
          <h2 id={titleId} className="text-xl font-bold text-slate-900">
            {title}
          </h2>
          {description ? (
            <div id={descriptionId} className="mt-2 leading-relaxed text-slate-700">
              {description}
            </div>
          ) : null}
          <Form method="post" action={action} className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end" onSubmit={() => setOpen(false)}>
            <AuthenticityTokenInput />
            {Object.entries(fields).map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            <button type="button" className="btn-secondary" onClick={() => setOpen(false)} autoFocus>
              Cancelar
            </button>
            <SubmitButton variant={tone === "danger" ? "danger" : "primary"} formAction={action} pendingText="Procesando…">
              {confirmLabel}
            </SubmitButton>
          </Form>
        </div>
      </dialog>
    </>
  );
}

export type ConfirmPageProps = {
  title: ReactNode;
  description?: ReactNode;
  confirmLabel: ReactNode;
  action?: string;
  fields?: Record<string, string>;
  /** Where "Cancelar" goes back to. */
  cancelHref: string;
  tone?: "danger" | "primary";
};

/** The JavaScript-off confirmation: the same question as a page section with a plain form. */
export function ConfirmPage({ title, description, confirmLabel, action, fields = {}, cancelHref, tone = "danger" }: ConfirmPageProps) {
  return (
    <section aria-labelledby="confirmacion-titulo" className="max-w-xl rounded-lg border-2 border-slate-300 bg-white p-6">
      <h2 id="confirmacion-titulo" className="text-xl font-bold text-slate-900">
        {title}
      </h2>
      {description ? <div className="mt-2 leading-relaxed text-slate-700">{description}</div> : null}
      <Form method="post" action={action} className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-center">
        <AuthenticityTokenInput />
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <SubmitButton variant={tone === "danger" ? "danger" : "primary"} formAction={action} pendingText="Procesando…">
          {confirmLabel}
        </SubmitButton>
        <Link to={cancelHref} className="btn-secondary">
          Cancelar
        </Link>
      </Form>
    </section>
  );
}
