/** Web paths of the documents (resource routes under /documentos; the IPID is public). */
export const documentPaths = {
  conditions: (policyId: number) => `/documentos/poliza/${policyId}/condiciones`,
  recibo: (policyId: number, sequence: number) => `/documentos/poliza/${policyId}/recibo/${sequence}`,
  quote: (quoteId: string) => `/documentos/cotizacion/${quoteId}`,
  ipid: (line: string) => `/api/documents/ipid/${line}`,
};
