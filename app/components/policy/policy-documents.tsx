import type { PolicyAnswer } from "../../../api/contract/policies";
import { documentPaths } from "~/lib/document-paths";
import { formatDate } from "../../../api/contract/format";

/** What the certificate is for, by line. */
const CERTIFICATE_HINT: Record<PolicyAnswer["line"], string> = {
  auto: ": para la ITV o una empresa de alquiler de coches",
  hogar: ": para el banco, la comunidad o quien le pida que la vivienda está asegurada",
  alquiler: ": para la agencia o quien le pida que el alquiler está asegurado",
};

/**
 * The policy's PDFs through the web's resource routes (the visitor's token goes with them): the
 * particular conditions in force and, after suplementos, every earlier version; each recibo; the IPID;
 * while in force, the certificate of insurance.
 */
export function PolicyDocuments({ policy, headingLevel = 2 }: { policy: PolicyAnswer; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const versions = policy.conditionsVersions ?? [];
  return (
    <>
      <Heading className="mt-6 text-xl font-bold text-slate-900">Documentos</Heading>
      <ul className="mt-2 list-disc space-y-1 pl-6">
        <li>
          <a href={documentPaths.conditions(policy.id)} download className={versions.length > 1 ? "underline" : undefined}>
            Condiciones particulares (PDF)
          </a>
          {versions.length > 1 ? <span className="text-slate-600"> (versión {versions.length}, la vigente)</span> : null}
        </li>
        {versions.length > 1
          ? versions
              .filter((v) => !v.current)
              .map((v) => (
                <li key={v.version}>
                  <a href={documentPaths.conditions(policy.id, v.version)} download className="underline">
                    Condiciones particulares, versión {v.version} (PDF)
                  </a>
                  <span className="text-slate-600">
                    {v.version === 1 ? ` (la póliza emitida, desde el ${formatDate(v.since)})` : ` (suplemento, desde el ${formatDate(v.since)})`}
                  </span>
                </li>
              ))
          : null}
        {policy.recibos.map((r) => (
          <li key={r.sequence}>
            <a href={documentPaths.recibo(policy.id, r.sequence)} download>
              Recibo {r.sequence}
              {r.kind === "suplemento" ? " del suplemento" : ""} de {formatDate(r.dueDate)} (PDF)
            </a>
          </li>
        ))}
        <li>
          <a href={documentPaths.ipid(policy.line)}>Documento de información del producto (IPID) (PDF)</a>
        </li>
        {policy.payment?.method === "sepa" ? (
          <li>
            <a href={documentPaths.mandate(policy.id)} download>
              Orden de domiciliación SEPA (PDF)
            </a>
          </li>
        ) : null}
        {policy.status === "en_vigor" ? (
          <li>
            {/* No download attribute: when it cannot be issued the page comes back with the reason. */}
            <a href={documentPaths.certificate(policy.id)}>Descargar certificado de seguro (PDF)</a>
            <span className="text-slate-600">{CERTIFICATE_HINT[policy.line]}</span>
          </li>
        ) : null}
      </ul>
    </>
  );
}
