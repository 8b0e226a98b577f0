/** Web paths of the documents (resource routes under /documentos; the IPID is public). */
export const documentPaths = {
  conditions: (policyId: number, version?: number) => `/documentos/poliza/${policyId}/condiciones${version ? `?version=${version}` : ""}`,
  recibo: (policyId: number, sequence: number) => `/documentos/poliza/${policyId}/recibo/${sequence}`,
  /** The justificante de pago of a collected recibo (ADR 031). */
  receipt: (policyId: number, sequence: number) => `/documentos/poliza/${policyId}/justificante/${sequence}`,
  quote: (quoteId: string) => `/documentos/cotizacion/${quoteId}`,
  ipid: (line: string) => `/api/documents/ipid/${line}`,
  mandate: (policyId: number) => `/documentos/poliza/${policyId}/mandato`,
  /** The certificate of insurance (ADR 037): issued only while the policy is in force with its due recibos paid. */
  certificate: (policyId: number) => `/documentos/poliza/${policyId}/certificado`,
};

/** The same policy PDFs for staff (resource routes under /admin/policies/{id}/documentos, policies:read). */
export const adminDocumentPaths = {
  conditions: (policyId: number) => `/admin/policies/${policyId}/documentos/condiciones`,
  recibo: (policyId: number, sequence: number) => `/admin/policies/${policyId}/documentos/recibo/${sequence}`,
  mandate: (policyId: number) => `/admin/policies/${policyId}/documentos/mandato`,
  receipt: (policyId: number, sequence: number) => `/admin/policies/${policyId}/documentos/justificante/${sequence}`,
  /** ADR 037: the certificate (documents:read), the upload form (documents:write), a stored document's download. */
  certificate: (policyId: number) => `/admin/policies/${policyId}/documentos/certificado`,
  upload: (owner: "policies" | "clients", id: number) => `/admin/${owner}/${id}/documentos/subir`,
  stored: (documentId: string) => `/admin/documents/${documentId}/descargar`,
};
