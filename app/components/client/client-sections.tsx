import type { SubmissionResult } from "@conform-to/react";
import type { ReactNode } from "react";
import type { ClientDetail } from "../../../api/contract/clients";
import { formatDateTime, isoDateTime } from "../../../api/contract/format";
import { CONSENT_PURPOSE_LABELS } from "../../../api/contract/vocabulary";
import type { HistoryEntry } from "~/components/admin/history-section";
import { ConfirmAction, type ConfirmCopy } from "~/components/ui/confirm-dialog";
import { DetailSection } from "~/components/ui/detail";
import { FormErrorsAlert } from "~/components/ui/error-summary";
import { adminDocumentPaths, documentPaths } from "~/lib/document-paths";

// Sections of /admin/clients/{id}: consents, documents, the right to erasure, and its timeline
// as rows of the shared HistorySection.

export const ERASE_COPY: ConfirmCopy = {
  title: "¿Anonimizar los datos de este cliente?",
  description:
    "Se borran su nombre, NIF/NIE, contacto, dirección y fecha de nacimiento, sus notas y las IP de sus consentimientos, y se desactiva su cuenta. Sus pólizas y recibos se conservan sin datos que le identifiquen. No se puede deshacer.",
  confirmLabel: "Sí, anonimizar",
  pendingText: "Anonimizando…",
  variant: "danger",
};

export function ClientConsents({ consents }: { consents: ClientDetail["consents"] }) {
  return (
    <DetailSection id="consentimientos" title="Consentimientos">
      {consents.length === 0 ? (
        <p className="text-slate-700">No hay consentimientos registrados.</p>
      ) : (
        <ul className="space-y-1">
          {consents.map((consent, index) =>
            // prettier-ignore
            <li key={index}>
              <strong>{CONSENT_PURPOSE_LABELS[consent.purpose]}</strong>: {consent.granted ? "aceptado" : "rechazado"} el <time dateTime={isoDateTime(consent.at)}>{formatDateTime(consent.at)}</time>
              {consent.channel === "telefono" ? (
                <span className="text-slate-700"> por teléfono{consent.recordedBy ? `, registrado por ${consent.recordedBy}` : ""}</span>
              ) : consent.ip ? (
                <span className="font-mono text-sm text-slate-700"> desde {consent.ip}</span>
              ) : null}
            </li>,
          )}
        </ul>
      )}
    </DetailSection>
  );
}

export function ClientDocuments({
  documents,
  canDownload,
  children,
}: {
  documents: ClientDetail["documents"];
  canDownload: boolean;
  children?: ReactNode;
}) {
  return (
    <DetailSection id="documentos" title="Documentos">
      {documents.length === 0 ? (
        <p className="text-slate-700">No hay documentos.</p>
      ) : (
        <>
          <ul className="space-y-1">
            {documents.map((doc) => (
              <li key={doc.name}>
                {doc.kind === "ipid" ? (
                  <a href={documentPaths.ipid(doc.line)} download>
                    {doc.name}
                  </a>
                ) : canDownload && doc.policyId !== null ? (
                  <a href={adminDocumentPaths.conditions(doc.policyId)} download>
                    {doc.name} (PDF)
                  </a>
                ) : (
                  doc.name
                )}
              </li>
            ))}
          </ul>
          <p className="mt-2 text-sm text-slate-700">
            {canDownload
              ? "Los recibos en PDF, en la tabla de recibos. Son los mismos documentos que el cliente descarga desde Mi póliza."
              : "Tu rol no incluye ver pólizas: las condiciones particulares y los recibos en PDF no se pueden descargar desde aquí."}
          </p>
        </>
      )}
      {children}
    </DetailSection>
  );
}

/** "Datos personales": what the client may ask for, and erasure for whoever may write. */
export function ClientRights({
  detail,
  canWrite,
  lastResult,
}: {
  detail: ClientDetail;
  canWrite: boolean;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  return (
    <DetailSection id="derechos" title="Datos personales">
      <p className="text-slate-700">
        A petición del cliente: «Descargar sus datos» le da una copia de todo lo que guardamos de él. Anonimizar borra lo que le identifica; solo se
        puede cuando no tiene pólizas vivas y ha pasado el plazo legal de conservación.
      </p>
      {detail.erasedAt ? (
        <p className="mt-3 font-semibold">Sus datos se anonimizaron el {formatDateTime(detail.erasedAt)}.</p>
      ) : canWrite ? (
        <div className="mt-3">
          <FormErrorsAlert id="anonimizar" lastResult={lastResult} className="mb-3" />
          <ConfirmAction
            intent="erase"
            triggerLabel="Anonimizar datos"
            copy={ERASE_COPY}
            disabledReason={detail.erasure.allowed ? undefined : (detail.erasure.reason ?? "No se pueden anonimizar ahora.")}
          />
        </div>
      ) : null}
    </DetailSection>
  );
}

/** The client's timeline (policies' events and the audit) as rows of the HistorySection. */
export function clientHistoryEntries(timeline: ClientDetail["timeline"]): HistoryEntry[] {
  return timeline.map((entry, index) => ({
    key: index,
    at: entry.at,
    label: entry.label,
    reference: entry.policyNumber,
    summary: entry.summary,
    actor: entry.actorLabel,
    ...(entry.source === "audit" ? { before: entry.before, after: entry.after } : {}),
  }));
}
