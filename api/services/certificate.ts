// Issuing the certificate of insurance (ADR 037): refused with the reason unless the policy is in
// force with its due recibos paid (api/domain/certificate.ts); else stored once per policy and day
// (issueOnce), so the customer and staff asking on the same day get the same file.
import type { PolicyView } from "../db/policies.repo";
import { readDocumentContext } from "../db/document-context.repo";
import { formatIsoDate } from "../contract/format";
import { madridDate } from "../domain/calendar";
import { certificateRefusal } from "../domain/certificate";
import { ApiProblem } from "../http";
import { renderCertificatePdf } from "./pdf-certificate";
import { documentSeries, issueOnce, type DocumentActor, type StoredDocumentDeps, type StoredFile } from "./stored-documents";

export const certificateFilename = (policyNumber: string, issuedOn: string) => `certificado-seguro-${policyNumber}-${issuedOn}.pdf`;

export async function issueCertificate(deps: StoredDocumentDeps, policy: PolicyView, actor: DocumentActor): Promise<StoredFile> {
  const issuedOn = madridDate(deps.now());
  const refusal = certificateRefusal(policy, issuedOn);
  if (refusal) throw new ApiProblem(409, refusal);
  return issueOnce(
    deps,
    {
      kind: "certificado",
      seriesKey: documentSeries.certificate(policy.id, issuedOn),
      title: `Certificado de seguro de la póliza ${policy.number} (${formatIsoDate(issuedOn)})`,
      owner: { policyId: policy.id },
    },
    actor,
    async () => ({
      filename: certificateFilename(policy.number, issuedOn),
      content: await renderCertificatePdf(policy, issuedOn, await readDocumentContext(deps.db, issuedOn)),
    }),
  );
}
