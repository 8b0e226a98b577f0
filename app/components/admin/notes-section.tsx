import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { z } from "zod";
import { formatDateTime, isoDateTime } from "../../../api/contract/format";
import { DetailSection } from "~/components/ui/detail";
import { ErrorSummary } from "~/components/ui/error-summary";
import { TextareaField } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";
import { useZodForm } from "~/components/ui/use-zod-form";

export type InternalNote = { id: number | string; body: string; authorLabel: string; at: string };

/**
 * The "Notas internas" section of a back-office detail page: the notes, newest first, and the
 * form that adds one (intent "note", for the page's runStaffAction), for whoever may write.
 */
export function NotesSection({
  notes,
  total = notes.length,
  intro,
  empty,
  form,
}: {
  notes: InternalNote[];
  /** How many there are in all: the form is remounted when it grows, so its box is empty again. */
  total?: number;
  intro?: string;
  empty: string;
  /** The form's schema (a `body`), its hint and the refused note's errors; null when the person may not write. */
  form: { schema: z.ZodObject<{ body: z.ZodTypeAny }>; hint: string; lastResult: SubmissionResult<string[]> | undefined } | null;
}) {
  return (
    <DetailSection id="notas" title="Notas internas">
      {intro ? <p className="text-slate-700">{intro}</p> : null}
      {notes.length === 0 ? (
        <p className="mt-2 text-slate-700">
          {empty}
          {form ? " Añade la primera con el formulario de abajo." : ""}
        </p>
      ) : (
        <ul className="mt-3 space-y-3">
          {notes.map((note) => (
            <li key={note.id} className="rounded-md border border-slate-200 bg-white p-3">
              <p className="text-sm text-slate-600">
                {note.authorLabel}, <time dateTime={isoDateTime(note.at)}>{formatDateTime(note.at)}</time>
              </p>
              <p className="mt-1 whitespace-pre-line">{note.body}</p>
            </li>
          ))}
        </ul>
      )}
      {form ? <NoteForm key={total} {...form} /> : null}
    </DetailSection>
  );
}

function NoteForm({ schema, hint, lastResult }: NonNullable<Parameters<typeof NotesSection>[0]["form"]>) {
  const [form, fields] = useZodForm({ id: "nueva-nota", schema, lastResult });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-4 max-w-xl">
      <AuthenticityTokenInput />
      <ErrorSummary form={form} fields={[fields.body]} />
      <TextareaField meta={fields.body} label="Nueva nota" hint={hint} rows={3} width="full" className="mt-2" />
      <SubmitButton intent="note" pendingText="Guardando la nota…" className="mt-4">
        Añadir nota
      </SubmitButton>
    </Form>
  );
}
