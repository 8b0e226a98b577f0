import { useFormAction, useNavigation } from "@remix-run/react";
import type { ButtonHTMLAttributes, MouseEvent, ReactNode } from "react";
import { INTENT_FIELD } from "~/lib/form-intent";

/**
 * Whether the form posting to `formAction` (default: this route's action) is on its way: from
 * the submit until the page it leads to has loaded. With `name`/`value` (a button's intent), only
 * the submission that carried that intent counts.
 */
export function useIsPending({
  formAction,
  formMethod = "POST",
  name,
  value,
}: { formAction?: string; formMethod?: "POST" | "GET" | "PUT" | "PATCH" | "DELETE"; name?: string; value?: string } = {}) {
  const routeAction = useFormAction();
  const navigation = useNavigation();
  if (navigation.state === "idle" || !navigation.formAction) return false;
  if (navigation.formMethod?.toUpperCase() !== formMethod) return false;
  const target = formAction ?? routeAction;
  if (stripIndex(navigation.formAction) !== stripIndex(target)) return false;
  if (name !== undefined && value !== undefined) return navigation.formData?.get(name) === value;
  return true;
}

// "/admin/roles?index" and "/admin/roles" are the same action for our purpose.
function stripIndex(action: string): string {
  const [path, query = ""] = action.split("?");
  const params = new URLSearchParams(query);
  params.delete("index");
  const rest = params.toString();
  return rest ? `${path}?${rest}` : path;
}

export type SubmitButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type"> & {
  children: ReactNode;
  /**
   * The form's intent, sent as a hidden `intent` field beside the button rather than as the
   * button's name/value, which Lynx shows before the label ("(note) Añadir nota"). Only for the
   * form's one submit button; pending follows this intent's submission only.
   */
  intent?: string;
  /** Text while pending (default "Enviando…"). */
  pendingText?: ReactNode;
  /** Force the pending state (e.g. from a fetcher's state). */
  pending?: boolean;
  /** The action the enclosing form posts to, when it is not this route's. */
  formAction?: string;
  variant?: "primary" | "secondary" | "danger";
};

const VARIANTS = {
  primary: "btn-primary",
  secondary: "btn-secondary",
  danger: "btn bg-red-700 text-white hover:bg-red-800",
} as const;

/**
 * The form's one primary button, with a pending state: a spinner and "Enviando…", and
 * `aria-disabled` (not `disabled`, which would drop focus) while the submission is under way;
 * a second click is ignored then.
 */
export function SubmitButton({
  children,
  pendingText = "Enviando…",
  pending,
  formAction,
  variant = "primary",
  className,
  onClick,
  onMouseDown,
  intent,
  ...rest
}: SubmitButtonProps) {
  const name = intent !== undefined ? INTENT_FIELD : typeof rest.name === "string" ? rest.name : undefined;
  const value = intent ?? (typeof rest.value === "string" ? rest.value : undefined);
  const navigationPending = useIsPending({ formAction, name, value });
  const isPending = pending ?? navigationPending;
  const button = (
    <button
      type="submit"
      {...rest}
      aria-disabled={isPending || undefined}
      onMouseDown={(event: MouseEvent<HTMLButtonElement>) => {
        // Keep focus where it is on press: otherwise the field's blur validation inserts an error
        // message above the button, the button moves before the mouse is released and the click
        // is lost. The submit validates every field anyway.
        event.preventDefault();
        onMouseDown?.(event);
      }}
      onClick={(event: MouseEvent<HTMLButtonElement>) => {
        if (isPending) {
          event.preventDefault();
          return;
        }
        onClick?.(event);
      }}
      className={`${VARIANTS[variant]} gap-2 ${isPending ? "cursor-progress opacity-80" : ""} ${className ?? ""}`.trim()}
    >
      {isPending ? (
        <>
          <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" className="h-5 w-5 animate-spin" fill="none">
            <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.3" strokeWidth="3" />
            <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
          </svg>
          {pendingText}
        </>
      ) : (
        children
      )}
    </button>
  );
  if (intent === undefined) return button;
  return (
    <>
      <input type="hidden" name={INTENT_FIELD} value={intent} />
      {button}
    </>
  );
}
