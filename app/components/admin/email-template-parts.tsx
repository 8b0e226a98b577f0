import { useEffect, useRef } from "react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { EmailPreview, EmailTemplateDetail } from "../../../api/contract/email-templates";
import { formatDateTime } from "../../../api/contract/format";
import { DataTable, type Column } from "~/components/list/data-table";

/** The placeholders of a template, beside its fields: what each holds and an example (ADR 040). */
export function PlaceholderList({ placeholders }: { placeholders: EmailTemplateDetail["placeholders"] }) {
  return (
    <dl className="space-y-3 text-sm">
      {placeholders.map((p) => (
        <div key={p.name}>
          <dt className="break-all font-mono font-semibold text-slate-900">
            {`{{${p.name}}}`}
            {p.required ? <span className="ml-2 font-sans font-normal text-amber-800">(obligatoria)</span> : null}
          </dt>
          <dd className="text-slate-700">{p.description}</dd>
          <dd className="break-words text-slate-500">{`Ejemplo: ${p.example}`}</dd>
        </div>
      ))}
    </dl>
  );
}

type Version = EmailTemplateDetail["history"][number];
const HISTORY_COLUMNS: Column<Version>[] = [
  { id: "version", header: "Versión", rowHeader: true, cell: (v) => v.version },
  { id: "when", header: "Fecha", cell: (v) => formatDateTime(v.createdAt) },
  { id: "who", header: "Quién", cell: (v) => <span className="break-all">{v.who}</span> },
  { id: "note", header: "Nota", cell: (v) => v.note ?? "—" },
  { id: "subject", header: "Asunto", cell: (v) => v.subject },
];

export function TemplateHistory({ history }: { history: Version[] }) {
  return (
    <DataTable
      caption="Versiones guardadas"
      columns={HISTORY_COLUMNS}
      rows={history}
      rowKey={(v) => v.version}
      minWidth="36rem"
      empty={<p>Nadie ha cambiado esta plantilla: está en vigor el texto por defecto.</p>}
    />
  );
}

export type PreviewDraft = { subject: string; text: string; html: string; policyNumber?: string };

/**
 * The preview of a draft: the subject and text as they would go, and the HTML in a sandboxed frame
 * served by the vista-previa route with its own CSP (app/lib/framed-preview.ts). The frame is
 * filled by posting the draft to it: with JavaScript at once, without it by the button.
 */
export function TemplatePreview({ preview, draft, previewAction }: { preview: EmailPreview; draft: PreviewDraft; previewAction: string }) {
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    formRef.current?.submit();
  }, [draft]);
  return (
    <section aria-labelledby="vista-previa-titulo" className="space-y-3 rounded-md border border-slate-300 p-4">
      <h2 id="vista-previa-titulo" className="text-xl font-bold">
        Vista previa
      </h2>
      <p className="text-slate-700">
        {preview.policyNumber ? `Con los datos de la póliza ${preview.policyNumber}.` : "Con datos de ejemplo: todavía no hay ninguna póliza."}
      </p>
      <p>
        <strong>Asunto:</strong>
        {` ${preview.subject}`}
      </p>
      <h3 className="font-semibold">Texto</h3>
      <pre className="whitespace-pre-wrap break-words rounded bg-slate-50 p-3 font-sans text-sm">{preview.text}</pre>
      <h3 className="font-semibold">HTML</h3>
      <form ref={formRef} method="post" action={previewAction} target="vista-previa-html">
        <AuthenticityTokenInput />
        {Object.entries(draft).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value ?? ""} />
        ))}
        <noscript>
          <button type="submit" className="btn-secondary">
            Mostrar el HTML
          </button>
        </noscript>
      </form>
      <iframe
        name="vista-previa-html"
        title="Vista previa del correo en HTML"
        sandbox=""
        className="h-[32rem] w-full rounded border border-slate-300 bg-white"
      />
    </section>
  );
}
