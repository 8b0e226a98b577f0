// Assembles each customer document from the database and renders it (api/services/pdf-*.ts, one module a document):
// the data a PDF shows is read here, the layout lives there. Every function returns the file
// name the download and the e-mail attachment use.
import { eq } from "drizzle-orm";
import type { Database, DbOrTx } from "../db/client";
import type { PolicyView } from "../db/policies.repo";
import { readDocumentContext, type DocumentContext } from "../db/document-context.repo";
import type { StoredQuote } from "../db/quotes.repo";
import { loadRatingTables } from "../db/rating-tables.repo";
import { productLines, type LineCode } from "../db/schema";
import { renderConditionsPdf } from "./pdf-conditions";
import { renderIpidPdf } from "./pdf-ipid";
import { renderQuotePdf } from "./pdf-quote";
import { renderReciboPdf } from "./pdf-recibo";
import { renderWithdrawalPdf, type WithdrawalFacts } from "./pdf-withdrawal";
import { readTogether } from "../db/reads-together";

export type RenderedDocument = { filename: string; content: Buffer };

/** File names, known before a document is rendered (an e-mail names its attachments). */
export const DOCUMENT_FILENAMES = {
  conditions: (policyNumber: string, version = 1) => `condiciones-particulares-${policyNumber}${version > 1 ? `-v${version}` : ""}.pdf`,
  recibo: (policyNumber: string, sequence: number) => `recibo-${policyNumber}-${sequence}.pdf`,
  ipid: (line: LineCode) => `ipid-${line}.pdf`,
  withdrawal: (policyNumber: string) => `desistimiento-${policyNumber}.pdf`,
  receipt: (policyNumber: string, sequence: number) => `justificante-${policyNumber}-${sequence}.pdf`,
};

async function lineRow(db: DbOrTx, line: LineCode) {
  const [row] = await db
    .select({ name: productLines.name, description: productLines.description })
    .from(productLines)
    .where(eq(productLines.code, line));
  // The seed always writes the three lines; a missing one is an operator error.
  if (!row) throw new Error(`Product line ${line} is missing`);
  return row;
}

/** Reads in parallel: give it the database, not a transaction. */
export async function quoteDocument(db: Database, quote: StoredQuote): Promise<RenderedDocument> {
  const [line, ctx] = await readTogether(
    db,
    () => lineRow(db, quote.line),
    () => readDocumentContext(db, quote.createdAt),
  );
  const content = await renderQuotePdf(
    {
      id: quote.id,
      line: quote.line,
      lineName: line.name,
      status: quote.status,
      createdAt: quote.createdAt,
      validUntil: quote.validUntil,
      inputs: quote.inputs,
      plans: quote.plans,
    },
    ctx,
  );
  return { filename: `cotizacion-${quote.id.slice(0, 8)}.pdf`, content };
}

/** The line's IPID as the catalogue stands at `now` (plans, guarantees, surcharges). Reads in parallel: give it the database, not a transaction. */
export async function ipidDocument(db: Database, line: LineCode, now: Date, ctx?: DocumentContext): Promise<RenderedDocument> {
  const [row, tables, context] = await readTogether(
    db,
    () => lineRow(db, line),
    () => loadRatingTables(db, line, now),
    async () => ctx ?? readDocumentContext(db, now),
  );
  const content = await renderIpidPdf(
    {
      line,
      lineName: row.name,
      lineDescription: row.description,
      plans: tables.plans,
      guarantees: tables.guarantees,
      fractionationBp: tables.settings.fractionation_surcharges_bp,
      tariffs: tables.tariffs,
    },
    context,
  );
  return { filename: DOCUMENT_FILENAMES.ipid(line), content };
}

export async function conditionsDocument(db: DbOrTx, policy: PolicyView, ctx?: DocumentContext): Promise<RenderedDocument> {
  const content = await renderConditionsPdf(policy, ctx ?? (await readDocumentContext(db, policy.createdAt)));
  // Version 1 keeps the name it always had; each suplemento's version says which it is.
  return { filename: DOCUMENT_FILENAMES.conditions(policy.number, policy.endorsements.length + 1), content };
}

export async function reciboDocument(db: DbOrTx, policy: PolicyView, sequence: number, ctx?: DocumentContext): Promise<RenderedDocument> {
  const content = await renderReciboPdf(policy, sequence, ctx ?? (await readDocumentContext(db, policy.createdAt)));
  return { filename: DOCUMENT_FILENAMES.recibo(policy.number, sequence), content };
}

/** The confirmation of a withdrawal (desistimiento), attached to its e-mail; reads nothing (ctx given). */
export async function withdrawalDocument(policy: PolicyView, facts: WithdrawalFacts, ctx: DocumentContext): Promise<RenderedDocument> {
  const content = await renderWithdrawalPdf(policy, facts, ctx);
  return { filename: DOCUMENT_FILENAMES.withdrawal(policy.number), content };
}
