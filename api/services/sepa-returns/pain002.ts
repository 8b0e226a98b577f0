// The bank's payment status report, pain.002.001.03 (CstmrPmtStsRpt): each TxInfAndSts rejected
// (TxSts RJCT) is a return of one debit of our pain.008, named by its OrgnlEndToEndId, with the
// R-code in StsRsnInf/Rsn/Cd. Transactions with another status are not returns and are skipped.
import { isSepaReturnCode } from "../../domain/sepa-return-codes";
import { parseCents } from "./amount";
import { END_TO_END_MAX, type LineError, type ParsedReturnFile, type ReturnLine } from "./types";
import { child, childrenNamed, descendants, parseXml, textOf, XmlError, type XmlElement } from "./xml";

export function parsePain002(source: string): ParsedReturnFile {
  const result: ParsedReturnFile = { format: "pain.002", lines: [], errors: [], originalMessageIds: [], creditorIds: [] };
  let root: XmlElement;
  try {
    root = parseXml(source);
  } catch (error) {
    if (!(error instanceof XmlError)) throw error;
    result.errors.push({ line: error.line, message: error.message });
    return result;
  }
  const report = root.name === "Document" ? child(root, "CstmrPmtStsRpt") : undefined;
  if (!report) {
    result.errors.push({ line: root.line, message: "El XML no es un informe de estado de pagos pain.002 (falta Document/CstmrPmtStsRpt)" });
    return result;
  }
  const original = child(report, "OrgnlGrpInfAndSts");
  if (!original) {
    result.errors.push({ line: report.line, message: "Falta OrgnlGrpInfAndSts: el informe no dice a qué remesa responde" });
    return result;
  }
  const msgId = textOf(child(original, "OrgnlMsgId"));
  if (msgId) result.originalMessageIds.push(msgId);
  const nameId = textOf(child(original, "OrgnlMsgNmId"));
  if (nameId && !nameId.startsWith("pain.008")) {
    result.errors.push({ line: original.line, message: `El informe responde a un mensaje ${nameId}, no a una remesa de adeudos (pain.008)` });
    return result;
  }
  const creditors = new Set<string>();
  for (const scheme of descendants(report, "CdtrSchmeId")) {
    const id = textOf(child(scheme, "Id", "PrvtId", "Othr", "Id"));
    if (id) creditors.add(id.toUpperCase());
  }
  result.creditorIds = [...creditors];

  const seen = new Map<string, number>();
  for (const payment of childrenNamed(report, "OrgnlPmtInfAndSts")) {
    for (const tx of childrenNamed(payment, "TxInfAndSts")) {
      const parsed = transaction(tx, seen);
      if (!parsed) continue;
      if ("message" in parsed) result.errors.push(parsed);
      else result.lines.push(parsed);
    }
  }
  if (result.lines.length === 0 && result.errors.length === 0) {
    result.errors.push({ line: report.line, message: "El informe no contiene ninguna devolución (ninguna operación con estado RJCT)" });
  }
  return result;
}

function transaction(tx: XmlElement, seen: Map<string, number>): ReturnLine | LineError | null {
  const status = textOf(child(tx, "TxSts"));
  if (status !== "RJCT") return null;
  const line = tx.line;
  const endToEndId = textOf(child(tx, "OrgnlEndToEndId"));
  if (!endToEndId) return { line, message: "Falta la referencia del adeudo (OrgnlEndToEndId)" };
  if (endToEndId.length > END_TO_END_MAX) return { line, message: `La referencia del adeudo tiene más de ${END_TO_END_MAX} caracteres` };
  const code = textOf(child(tx, "StsRsnInf", "Rsn", "Cd")).toUpperCase();
  if (!code) return { line, message: `Falta el código de devolución (StsRsnInf/Rsn/Cd) del adeudo ${endToEndId}` };
  if (!isSepaReturnCode(code)) return { line, message: `Código de devolución desconocido: ${code}` };
  const earlier = seen.get(endToEndId);
  if (earlier !== undefined) return { line, message: `El adeudo ${endToEndId} ya aparece en la línea ${earlier}` };
  seen.set(endToEndId, line);
  const amountText = textOf(child(tx, "OrgnlTxRef", "Amt", "InstdAmt"));
  if (!amountText) return { line, endToEndId, code };
  const amountCents = parseCents(amountText);
  if (amountCents === null) return { line, message: `Importe no válido: ${amountText}` };
  return { line, endToEndId, code, amountCents };
}
