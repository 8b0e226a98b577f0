// When a form is checked in the browser, and with what — without zod, so that a page can keep its
// validator out of its first load (ADR 008). use-zod-form.ts builds the project's form pattern on
// these; the public quote form loads its validator on first use (useValidatorOnFirstUse).
import { parse, type Submission } from "@conform-to/react";
import { useEffect, useRef } from "react";

/**
 * When the page checks a field (GOV.UK habits): never because an untouched field was tabbed
 * past; a field the person changed is checked when they leave it (useValidateChanged), every field
 * on submit, and from then on each checked field again on every keystroke. Every form's useForm
 * takes these options and calls useValidateChanged.
 */
export const VALIDATION_TIMING = { shouldValidate: "onBlur", shouldRevalidate: "onInput" } as const;

/**
 * Leaving a field the person has not changed checks nothing: conform's blur check (a "focusout"
 * listener on the document) does not hear about fields of this form that had no input yet.
 */
export function useValidateChanged(form: { id: string }) {
  useEffect(() => {
    const element = document.getElementById(form.id);
    if (!(element instanceof HTMLFormElement)) return;
    const changed = new Set<string>();
    const onInput = (event: Event) => {
      const name = (event.target as { name?: unknown } | null)?.name;
      if (typeof name === "string" && name) changed.add(name);
    };
    const onFocusOut = (event: FocusEvent) => {
      const name = (event.target as { name?: unknown } | null)?.name;
      if (typeof name === "string" && name && !changed.has(name)) event.stopPropagation();
    };
    element.addEventListener("input", onInput);
    element.addEventListener("change", onInput);
    element.addEventListener("focusout", onFocusOut);
    return () => {
      element.removeEventListener("input", onInput);
      element.removeEventListener("change", onInput);
      element.removeEventListener("focusout", onFocusOut);
    };
  }, [form.id]);
}

/** The events that mean a person has started on the form: the validator is fetched on the first. */
const FIRST_USE_EVENTS = ["focusin", "pointerdown", "keydown"] as const;

/**
 * A form's validator, fetched (`load`, a dynamic import) the first time the person focuses, touches
 * or types in the form: a visitor who only reads the page never downloads it, and one who fills
 * it in has it long before the first field is left. `current` is null until it has arrived.
 */
export function useValidatorOnFirstUse<Validator>(formId: string, load: () => Promise<Validator>) {
  const validator = useRef<Validator | null>(null);
  const loadRef = useRef(load);
  loadRef.current = load;
  useEffect(() => {
    const element = document.getElementById(formId);
    if (!(element instanceof HTMLFormElement)) return;
    let cancelled = false;
    const start = () => {
      FIRST_USE_EVENTS.forEach((type) => element.removeEventListener(type, start));
      loadRef.current().then(
        (loaded) => {
          if (!cancelled) validator.current = loaded;
        },
        // Not arrived (offline, a new deployment): the server checks the form on submit, as without JavaScript.
        () => undefined,
      );
    };
    if (element.contains(document.activeElement)) start();
    else FIRST_USE_EVENTS.forEach((type) => element.addEventListener(type, start));
    return () => {
      cancelled = true;
      FIRST_USE_EVENTS.forEach((type) => element.removeEventListener(type, start));
    };
  }, [formId]);
  return validator;
}

/**
 * conform's answer while the validator has not arrived. A submit goes to the server, which checks
 * it with the same schema (as without JavaScript): `error: null` is conform's "let the server
 * check". A field's check on leaving it or typing (conform's "validate" intent) is answered here,
 * with no new error and every shown one kept (null keeps a name's error): answering those with
 * `error: null` too made conform send each of them to the server, a POST per field left on a slow
 * phone whose late answer (errors of fields empty at the time) then moved the form under the
 * person's finger.
 */
export function notCheckedHere<Output>(formData: FormData): Submission<Output, string[]> {
  return parse<Output, string[]>(formData, {
    resolve: (_payload, intent) => (intent ? { error: Object.fromEntries(shownErrorNames(formData).map((name) => [name, null])) } : { error: null }),
  });
}

/** The names a form's errors are kept under: the form's own ("") and each field's, not conform's own. */
function shownErrorNames(formData: FormData): string[] {
  return ["", ...new Set([...formData.keys()].filter((name) => name !== "__intent__" && name !== "__state__"))];
}
