import { Form, Link, useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from "react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { useHydrated } from "remix-utils/use-hydrated";
import { SubmitButton } from "./submit-button";
import { CONFIRMED_FIELD, INTENT_FIELD } from "~/lib/form-intent";

/**
 * Destructive actions ask first (HOUSE-STYLE "Feedback is immediate"). The one way to do it:
 *
 * - With JavaScript, the trigger opens a native modal <dialog> (showModal: the rest of the page is
 *   inert, focus starts on "Cancelar" and stays inside, Escape closes it and focus goes back to the
 *   trigger); its form posts the intent with `confirmed=yes`.
 * - Without JavaScript, the trigger posts the intent alone; the action answers
 *   `{ intent, confirm: true }` (see `needsConfirmation`) and the page renders <ConfirmStep>: the
 *   same question as a panel with the confirming form and a way back.
 */

export type ConfirmCopy = {
  /** The question, e.g. "¿Eliminar el rol «ventas»?". */
  title: string;
  /** What will happen, in a sentence or two. */
  description: ReactNode;
  /** The confirming button, e.g. "Sí, eliminar el rol". */
  confirmLabel: string;
  pendingText: string;
  variant?: "primary" | "danger";
};

function ConfirmForm({
  intent,
  copy,
  onCancel,
  cancelRef,
  cancelHref,
  fields,
}: {
  intent: string;
  copy: ConfirmCopy;
  onCancel?: () => void;
  cancelRef?: RefObject<HTMLButtonElement>;
  cancelHref?: string;
  fields?: Record<string, string>;
}) {
  return (
    <Form method="post" className="mt-4 flex flex-wrap items-center gap-3">
      <AuthenticityTokenInput />
      <input type="hidden" name={CONFIRMED_FIELD} value="yes" />
      {Object.entries(fields ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <SubmitButton intent={intent} variant={copy.variant ?? "danger"} pendingText={copy.pendingText}>
        {copy.confirmLabel}
      </SubmitButton>
      {onCancel ? (
        <button ref={cancelRef} type="button" className="btn-secondary" onClick={onCancel}>
          Cancelar
        </button>
      ) : (
        <Link to={cancelHref ?? "."} className="btn-secondary">
          Cancelar
        </Link>
      )}
    </Form>
  );
}

export type ConfirmActionProps = {
  intent: string;
  /** The button that starts it, e.g. "Eliminar rol". */
  triggerLabel: string;
  copy: ConfirmCopy;
  /** Disabled with a reason shown beside it (aria-describedby). */
  disabledReason?: string;
  triggerVariant?: "secondary" | "danger";
};

/**
 * The state of a confirmation dialog (JavaScript on): `open` shows it modally with the focus on
 * "Cancelar" (the safe choice; showModal would pick the first button); Escape or Cancelar close it
 * and the focus goes back to the trigger. It stays open (its button pending) until the submission
 * that `isOwnSubmission` recognises has been answered; then the page shows the outcome: a toast,
 * or the rule that refused it.
 */
export function useConfirmDialog(isOwnSubmission: (formData: FormData) => boolean) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const navigation = useNavigation();
  const submitted = useRef(false);
  const own = navigation.state !== "idle" && navigation.formData ? isOwnSubmission(navigation.formData) : false;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      cancelRef.current?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  useEffect(() => {
    if (!open) return;
    if (own) submitted.current = true;
    if (navigation.state === "idle" && submitted.current) {
      submitted.current = false;
      setOpen(false);
    }
  }, [open, navigation.state, own]);

  return { open, setOpen, dialogRef, triggerRef, cancelRef };
}

export type ConfirmDialogState = ReturnType<typeof useConfirmDialog>;

/**
 * The native modal <dialog> of `useConfirmDialog`: the question, what happens, and `children` (its
 * buttons). Only once hydrated: before, nothing could open it, and a browser without JavaScript
 * or CSS (w3m, Lynx) would show its buttons in the page as dead controls.
 */
export function ConfirmDialog({ state, copy, children }: { state: ConfirmDialogState; copy: ConfirmCopy; children: ReactNode }) {
  const titleId = useId();
  const descriptionId = useId();
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <dialog
      ref={state.dialogRef}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      className="w-[min(32rem,calc(100vw-2rem))] rounded-lg border border-slate-300 p-6 shadow-xl backdrop:bg-slate-900/50"
      onClose={() => {
        state.setOpen(false);
        // Back to where the person was (the trigger may be gone if the action replaced it).
        if (state.triggerRef.current?.isConnected) state.triggerRef.current.focus();
      }}
    >
      <h2 id={titleId} className="text-xl font-bold">
        {copy.title}
      </h2>
      <div id={descriptionId} className="mt-2 text-slate-700">
        {copy.description}
      </div>
      {children}
    </dialog>
  );
}

export const DANGER_TRIGGER_CLASS =
  "btn border border-red-700 bg-white text-red-800 hover:bg-red-50 aria-disabled:cursor-not-allowed aria-disabled:opacity-60";

/** The trigger (a form posting the unconfirmed intent) and, with JavaScript, its dialog. */
export function ConfirmAction({ intent, triggerLabel, copy, disabledReason, triggerVariant = "danger" }: ConfirmActionProps) {
  const dialog = useConfirmDialog((formData) => formData.get(INTENT_FIELD) === intent);
  const reasonId = useId();
  const triggerClass = triggerVariant === "danger" ? DANGER_TRIGGER_CLASS : "btn-secondary";

  return (
    <>
      <Form method="post">
        <AuthenticityTokenInput />
        <input type="hidden" name={INTENT_FIELD} value={intent} />
        <button
          ref={dialog.triggerRef}
          type="submit"
          className={triggerClass}
          disabled={Boolean(disabledReason)}
          aria-describedby={disabledReason ? reasonId : undefined}
          onClick={(event) => {
            // JavaScript on: ask in the dialog instead of the confirmation step.
            event.preventDefault();
            dialog.setOpen(true);
          }}
        >
          {triggerLabel}
        </button>
      </Form>
      {disabledReason ? (
        <p id={reasonId} className="mt-2 text-sm text-slate-700">
          {disabledReason}
        </p>
      ) : null}
      <ConfirmDialog state={dialog} copy={copy}>
        <ConfirmForm intent={intent} copy={copy} onCancel={() => dialog.setOpen(false)} cancelRef={dialog.cancelRef} />
      </ConfirmDialog>
    </>
  );
}

/**
 * The confirmation step without JavaScript: rendered when the action answered `{ confirm }`.
 * `fields` are the values of a form with fields, posted again (hidden) with the confirmation.
 */
export function ConfirmStep({ intent, copy, fields }: { intent: string; copy: ConfirmCopy; fields?: Record<string, string> }) {
  const { pathname, search } = useLocation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const titleId = useId();
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <section aria-labelledby={titleId} className="rounded-md border-4 border-amber-500 bg-amber-50 p-4 sm:p-6">
      <h2 id={titleId} ref={headingRef} tabIndex={-1} className="text-xl font-bold focus:outline-none">
        {copy.title}
      </h2>
      <div className="mt-2 text-slate-800">{copy.description}</div>
      <ConfirmForm intent={intent} copy={copy} cancelHref={pathname + search} fields={fields} />
    </section>
  );
}
