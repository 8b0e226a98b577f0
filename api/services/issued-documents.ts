// Every generated document of the portfolio issued through the document store (ADR 036): the
// e-mail's attachment, the customer's download and staff's are the same stored bytes. Each kind
// has a source here — its series, title, owner and how to render it — used to issue it the first
// time and to regenerate it as the next version. No transaction is open in any of these (ADR 017).
import type { DbOrTx, Database } from "../db/client";
import { mandateByReference, policyClientId } from "../db/documents.repo";
import { readDocumentContext, type DocumentContext } from "../db/document-context.repo";
import { loadPolicyViews, type PolicyView } from "../db/policies.repo";
import { findQuote, type StoredQuote } from "../db/quotes.repo";
import { activeMandate } from "../db/sepa-mandates.repo";
import { currentConditionsVersion, policyAsOfVersion } from "../domain/conditions-versions";
import { ApiProblem } from "../http";
import { conditionsDocument, ipidDocument, quoteDocument, reciboDocument, withdrawalDocument, type RenderedDocument } from "./documents";
import { MANDATE_NOT_FOUND_MESSAGE, mandateDocument } from "./pdf-mandate";
import { RECEIPT_NOT_FOUND_MESSAGE, receiptDocument } from "./receipt-document";
import type { WithdrawalFacts } from "./pdf-withdrawal";
import {
  documentSeries,
  issueOnce,
  regenerateDocument,
  type DocumentActor,
  type DocumentSpec,
  type StoredDocumentDeps,
  type StoredFile,
} from "./stored-documents";
import type { StoredDocumentRow } from "../db/documents.repo";

/** One generated document: what it is in the store and how to render it. */
export type DocumentSource = { spec: DocumentSpec; render: () => Promise<RenderedDocument> };

export const DOCUMENT_NOT_FOUND_MESSAGE = "Documento no encontrado";

/** The actor of a document issued by an e-mail or the daily run. */
export const SYSTEM_DOCUMENT_ACTOR: DocumentActor = { type: "system", label: "Sistema" };

const owner = async (db: DbOrTx, policyId: number) => ({ policyId, clientId: await policyClientId(db, policyId) });

export async function conditionsSource(db: Database, policy: PolicyView, version = currentConditionsVersion(policy)): Promise<DocumentSource | null> {
  const asOf = policyAsOfVersion(policy, version);
  if (!asOf) return null;
  return {
    spec: {
      kind: "condiciones",
      seriesKey: documentSeries.conditions(policy.id, version),
      title: `Condiciones particulares${version > 1 ? ` v${version}` : ""} de ${policy.number}`,
      owner: await owner(db, policy.id),
    },
    render: () => conditionsDocument(db, asOf),
  };
}

export async function reciboSource(db: Database, policy: PolicyView, sequence: number): Promise<DocumentSource | null> {
  if (!policy.recibos.some((r) => r.sequence === sequence)) return null;
  return {
    spec: {
      kind: "recibo",
      seriesKey: documentSeries.recibo(policy.id, sequence),
      title: `Recibo ${sequence} de ${policy.number}`,
      owner: await owner(db, policy.id),
    },
    render: () => reciboDocument(db, policy, sequence),
  };
}

/** The justificante de pago, only while the recibo stands collected: one returned since is not offered (404). */
export async function receiptSource(db: Database, policy: PolicyView, sequence: number): Promise<DocumentSource | null> {
  const recibo = policy.recibos.find((r) => r.sequence === sequence);
  if (!recibo) return null;
  if (recibo.status !== "cobrado") throw new ApiProblem(404, RECEIPT_NOT_FOUND_MESSAGE);
  return {
    spec: {
      kind: "justificante",
      seriesKey: documentSeries.receipt(policy.id, sequence),
      title: `Justificante de pago del recibo ${sequence} de ${policy.number}`,
      owner: await owner(db, policy.id),
    },
    render: () => receiptDocument(db, policy, sequence),
  };
}

/** The mandate in force (or the one given), one series per mandate reference: a new account makes a new mandate. */
export async function mandateSource(db: Database, policyId: number, mandate?: { id: number; reference: string }): Promise<DocumentSource> {
  const m = mandate ?? (await activeMandate(db, policyId));
  if (!m) throw new ApiProblem(404, MANDATE_NOT_FOUND_MESSAGE);
  return {
    spec: {
      kind: "mandato",
      seriesKey: documentSeries.mandate(m.reference),
      title: `Orden de domiciliación SEPA ${m.reference}`,
      owner: await owner(db, policyId),
    },
    render: () => mandateDocument(db, policyId, m.id),
  };
}

export async function withdrawalSource(db: Database, policy: PolicyView, facts: WithdrawalFacts, ctx?: DocumentContext): Promise<DocumentSource> {
  return {
    spec: {
      kind: "desistimiento",
      seriesKey: documentSeries.withdrawal(policy.id),
      title: `Confirmación de desistimiento de ${policy.number}`,
      owner: await owner(db, policy.id),
    },
    render: async () => withdrawalDocument(policy, facts, ctx ?? (await readDocumentContext(db, facts.requestedAt))),
  };
}

export function quoteSource(db: Database, quote: StoredQuote): DocumentSource {
  return {
    spec: {
      kind: "cotizacion",
      seriesKey: documentSeries.quote(quote.id),
      title: `Cotización ${quote.id.slice(0, 8)}`,
      owner: { quoteId: quote.id },
    },
    render: () => quoteDocument(db, quote),
  };
}

/** The IPID given with the policy's confirmation: the catalogue as it stood at the sale (`at`). */
export async function ipidSource(
  db: Database,
  policy: Pick<PolicyView, "id" | "number" | "line" | "createdAt">,
  at = policy.createdAt,
): Promise<DocumentSource> {
  return {
    spec: { kind: "ipid", seriesKey: documentSeries.ipid(policy.id), title: `IPID de ${policy.number}`, owner: await owner(db, policy.id) },
    render: () => ipidDocument(db, policy.line, at),
  };
}

/** The issued version of a source (issued now the first time); 404 for a source that does not exist. */
export async function issueSource(deps: StoredDocumentDeps, source: DocumentSource | null, actor: DocumentActor): Promise<StoredFile> {
  if (!source) throw new ApiProblem(404, DOCUMENT_NOT_FOUND_MESSAGE);
  return issueOnce(deps, source.spec, actor, source.render);
}

async function policyView(db: Database, policyId: number): Promise<PolicyView | null> {
  const [view] = await loadPolicyViews(db, { id: policyId });
  return view ?? null;
}

const SERIES_PATTERNS = {
  conditions: /^condiciones:policy:(\d+):v(\d+)$/,
  recibo: /^recibo:policy:(\d+):(\d+)$/,
  receipt: /^justificante:policy:(\d+):(\d+)$/,
  mandate: /^mandato:(.+)$/,
  quote: /^cotizacion:quote:([0-9a-f-]{36})$/,
  ipid: /^ipid:policy:(\d+)$/,
};

/**
 * The source of a stored document's series, to render it again from today's data; null for what
 * is not regenerated: a withdrawal (its facts are those of the day it was made), a remittance
 * (the file the bank received), a certificate (issued for a day) and uploads.
 */
export async function sourceOfSeries(db: Database, row: StoredDocumentRow, now: Date): Promise<DocumentSource | null> {
  const key = row.seriesKey;
  let m: RegExpMatchArray | null;
  if ((m = key.match(SERIES_PATTERNS.conditions))) {
    const view = await policyView(db, Number(m[1]));
    return view && conditionsSource(db, view, Number(m[2]));
  }
  if ((m = key.match(SERIES_PATTERNS.recibo))) {
    const view = await policyView(db, Number(m[1]));
    return view && reciboSource(db, view, Number(m[2]));
  }
  if ((m = key.match(SERIES_PATTERNS.receipt))) {
    const view = await policyView(db, Number(m[1]));
    return view && receiptSource(db, view, Number(m[2]));
  }
  if ((m = key.match(SERIES_PATTERNS.mandate))) {
    const mandate = await mandateByReference(db, m[1]!);
    return mandate && mandateSource(db, mandate.policyId, { id: mandate.id, reference: m[1]! });
  }
  if ((m = key.match(SERIES_PATTERNS.quote))) {
    const quote = await findQuote(db, m[1]!, now);
    return quote && quoteSource(db, quote);
  }
  if ((m = key.match(SERIES_PATTERNS.ipid))) {
    const view = await policyView(db, Number(m[1]));
    return view && ipidSource(db, view);
  }
  return null;
}

/** Whether a stored document can be regenerated (the page offers «Regenerar» only then). */
export const isRegenerable = (row: Pick<StoredDocumentRow, "seriesKey">) => Object.values(SERIES_PATTERNS).some((p) => p.test(row.seriesKey));

/** The next version of the row's series, rendered from today's data; the old versions stay. */
export async function regenerateStored(deps: StoredDocumentDeps, row: StoredDocumentRow, actor: DocumentActor): Promise<StoredFile> {
  const source = await sourceOfSeries(deps.db, row, deps.now());
  if (!source) throw new ApiProblem(409, "Este documento no se puede regenerar");
  return regenerateDocument(deps, source.spec, actor, source.render);
}
