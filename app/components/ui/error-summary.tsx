import { useForm, type SubmissionResult } from "@conform-to/react";
import { useEffect, useRef, type MouseEvent, type ReactNode } from "react";
import { useVoice } from "~/components/voice";
import { ERROR_TITLE_PREFIX } from "~/lib/page-title";
import { inVoice } from "~/lib/voice";

/**
 * GOV.UK error summary: after a failed submit, a box at the top of the form titled
 * "Hay un problema" listing every error, each a link to its field. It takes focus when it
 * appears (with JavaScript) and, while shown, the page title carries the "Error: " prefix.
 *
 * Without JavaScript the prefix comes from the server: the action calls
 * `markSubmissionFailed(context)` before answering 400, the root loader (which runs after the
 * action in the same request) exposes it as `failedSubmission`, and the route's meta uses
 * `siteTitle(page, matches)` or `adminTitle(page, matches)` from ~/lib/page-title.
 */

// Kept for the back-office routes that still import them from here; remove when unused.
export { ERROR_TITLE_PREFIX, withErrorPrefix } from "~/lib/page-title";

/** Keeps the "Error: " prefix on document.title while `failed` (JavaScript on). */
export function useErrorTitle(failed: boolean) {
  useEffect(() => {
    if (!failed) return;
    if (!document.title.startsWith(ERROR_TITLE_PREFIX)) document.title = `${ERROR_TITLE_PREFIX}${document.title}`;
    return () => {
      if (document.title.startsWith(ERROR_TITLE_PREFIX)) document.title = document.title.slice(ERROR_TITLE_PREFIX.length);
    };
  }, [failed]);
}

// Only what the summary reads of conform's form and field metadata.
type FormLike = { id: string; status?: "success" | "error"; errors?: string[] };
type FieldLike = { id: string; errors?: string[] };

export type ErrorSummaryProps = {
  form: FormLike;
  /** The form's fields in page order; each error links to its field. */
  fields: FieldLike[];
  title?: string;
};

/** Shown after a failed submit (client or server) while there are errors. */
export function ErrorSummary({ form, fields, title = "Hay un problema" }: ErrorSummaryProps) {
  const failed = form.status === "error";
  const voice = useVoice();
  const fieldErrors = failed
    ? fields.flatMap((field) => (field.errors ?? []).map((message) => ({ id: field.id, message: inVoice(message, voice) })))
    : [];
  // The API often repeats a field's message as its `error`: list each problem once.
  const formErrors = failed
    ? (form.errors ?? []).map((message) => inVoice(message, voice)).filter((message) => !fieldErrors.some((e) => e.message === message))
    : [];
  const shown = formErrors.length + fieldErrors.length > 0;
  useErrorTitle(shown);
  if (!shown) return null;
  // Form-level errors (wrong credentials…) point at the first field, where the fix starts.
  const firstId = fields[0]?.id;
  return (
    <SummaryBox title={title} titleId={`${form.id}-error-summary`}>
      {formErrors.map((message) => (
        <li key={`form-${message}`}>{firstId ? <a href={`#${firstId}`}>{message}</a> : message}</li>
      ))}
      {fieldErrors.map(({ id, message }) => (
        <li key={`${id}-${message}`}>
          <a href={`#${id}`}>{message}</a>
        </li>
      ))}
    </SummaryBox>
  );
}

/**
 * An error's link focuses its field and scrolls it to the middle of the window (GOV.UK): the
 * browser's own jump to "#id" can leave the field off-screen (scroll restoration, sticky parts)
 * and does not focus a radio group's first option. Without JavaScript the plain link still jumps.
 */
function focusLinkedField(event: MouseEvent<HTMLUListElement>) {
  const link = (event.target as HTMLElement).closest("a");
  const id = link?.getAttribute("href")?.startsWith("#") ? decodeURIComponent(link.getAttribute("href")!.slice(1)) : null;
  const target = id ? document.getElementById(id) : null;
  if (!target) return;
  const field = target.matches("input, select, textarea, button")
    ? target
    : target.querySelector<HTMLElement>("input:not([type=hidden]), select, textarea");
  if (!field) return;
  event.preventDefault();
  field.focus({ preventScroll: true });
  field.scrollIntoView({ block: "center" });
}

function SummaryBox({ title, titleId, children }: { title: string; titleId: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  // Focus once when it appears, so keyboard and screen-reader users land on the list of problems.
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    // role="alert" (GOV.UK): announced when it appears, also after a server answer without focus moving.
    <div
      ref={ref}
      tabIndex={-1}
      role="alert"
      aria-labelledby={titleId}
      className="mt-6 rounded-md border-4 border-red-700 bg-white p-4 focus:outline focus:outline-4 focus:outline-offset-2 focus:outline-amber-400"
    >
      <h2 id={titleId} className="text-lg font-bold text-slate-900">
        {title}
      </h2>
      <ul onClick={focusLinkedField} className="mt-2 list-none space-y-1 font-semibold [&_a]:text-red-700 [&_a]:underline">
        {children}
      </ul>
    </div>
  );
}

/**
 * The errors of a form without fields (a button whose action the API refused: "no puedes
 * desactivar tu propia cuenta"), as an alert above the button; "Error: " in the title meanwhile.
 */
export function FormErrorsAlert({
  id,
  lastResult,
  className = "",
}: {
  id: string;
  lastResult: SubmissionResult<string[]> | undefined;
  className?: string;
}) {
  const [form] = useForm({ id, lastResult });
  const voice = useVoice();
  const errors = (form.errors ?? []).map((message) => inVoice(message, voice));
  useErrorTitle(errors.length > 0);
  if (errors.length === 0) return null;
  return (
    <div role="alert" className={`border-l-4 border-red-700 pl-3 font-semibold text-red-700 ${className}`.trim()}>
      {errors.map((message) => (
        <p key={message}>{message}</p>
      ))}
    </div>
  );
}
