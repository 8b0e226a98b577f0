// The remittance file (ADR 029): a SEPA Core direct debit initiation, ISO 20022 pain.008.001.02 (the
// version Spanish banks take under the CaixaBank/BBVA/Santander "cuaderno 19.14 XML" guides), built
// with the `sepa` library: one PmtInf per sequence type (FRST, RCUR), one DrctDbtTxInf per recibo.
// Texts go through the SEPA character set (accents dropped) so the bank does not refuse the file.
import SEPA from "sepa";
import { toSepaText } from "../../domain/sepa";
import type { SepaCreditor } from "../../domain/catalogue";

export const PAIN_008_FORMAT = "pain.008.001.02";
export const SEQUENCE_TYPES = ["FRST", "RCUR"] as const;
export type SequenceType = (typeof SEQUENCE_TYPES)[number];

export type Pain008Item = {
  endToEndId: string;
  amountCents: number;
  sequenceType: SequenceType;
  mandateReference: string;
  /** ISO date the mandate was signed. */
  mandateSignedOn: string;
  debtorName: string;
  debtorIban: string;
  remittanceInfo: string;
};

export type Pain008Input = {
  messageId: string;
  /** The file's creation time as the creditor's local wall clock, "YYYY-MM-DDTHH:MM:SS" (Madrid). */
  createdAt: string;
  collectionDate: string;
  creditor: SepaCreditor;
  items: readonly Pain008Item[];
};

/** A Date whose local fields are the given wall-clock time: the library writes dates in local time. */
function localDate(isoDateTime: string): Date {
  const [date, time = "00:00:00"] = isoDateTime.split("T");
  const [y, m, d] = date!.split("-").map(Number);
  const [hh, mm, ss] = time.split(":").map(Number);
  return new Date(y!, m! - 1, d!, hh ?? 0, mm ?? 0, ss ?? 0);
}

/** The pain.008.001.02 XML of a remittance; the same input gives the same bytes. */
export function buildPain008(input: Pain008Input): string {
  const doc = new SEPA.Document(PAIN_008_FORMAT);
  const creditorName = toSepaText(input.creditor.name, 70);
  doc.grpHdr.id = input.messageId;
  doc.grpHdr.created = localDate(input.createdAt);
  doc.grpHdr.initiatorName = creditorName;
  for (const sequenceType of SEQUENCE_TYPES) {
    const items = input.items.filter((i) => i.sequenceType === sequenceType);
    if (items.length === 0) continue;
    const info = doc.createPaymentInfo();
    info.collectionDate = localDate(input.collectionDate);
    info.creditorIBAN = input.creditor.iban;
    info.creditorBIC = input.creditor.bic;
    info.creditorName = creditorName;
    info.creditorId = input.creditor.creditorId;
    info.sequenceType = sequenceType;
    info.batchBooking = true;
    doc.addPaymentInfo(info);
    for (const item of items) {
      const tx = info.createTransaction();
      tx.debtorName = toSepaText(item.debtorName, 70);
      tx.debtorIBAN = item.debtorIban;
      tx.mandateId = item.mandateReference;
      tx.mandateSignatureDate = localDate(item.mandateSignedOn);
      tx.amount = item.amountCents / 100;
      tx.remittanceInfo = toSepaText(item.remittanceInfo, 140);
      tx.end2endId = item.endToEndId;
      info.addTransaction(tx);
    }
  }
  return doc.toString();
}

/** The text of the recibo in the debtor's bank statement. */
export const remittanceInfoOf = (reciboSequence: number, policyNumber: string) => `Recibo ${reciboSequence} póliza ${policyNumber}`;

/** EndToEndId (≤ 35 characters, unique per debit): the remittance and the recibo. */
export const endToEndIdOf = (remittanceId: number, reciboId: number) => `COT-REM${remittanceId}-REC${reciboId}`;

/** MsgId (≤ 35 characters, unique per creditor). */
export const messageIdOf = (remittanceId: number, collectionDate: string) => `COTIZA-REM-${remittanceId}-${collectionDate.replaceAll("-", "")}`;
