// What a parsed return file is, whatever its format: the returns it names, line by line, and the
// errors of the lines it could not read (with their line number and a Spanish message).
import type { SepaReturnCode } from "../../domain/sepa-return-codes";

export type ReturnFormat = "pain.002" | "csv";

/** One returned debit: the line of the file, the end-to-end id of our pain.008, the bank's R-code. */
export type ReturnLine = { line: number; endToEndId: string; code: SepaReturnCode; amountCents?: number };

export type LineError = { line: number; message: string };

export type ParsedReturnFile = {
  format: ReturnFormat;
  lines: ReturnLine[];
  errors: LineError[];
  /** pain.002 only: the MsgId of the original message (our remittance), when the file names it. */
  originalMessageIds: string[];
  /** pain.002 only: the creditor identifiers the file names (CdtrSchmeId), when it does. */
  creditorIds: string[];
};

/** The longest SEPA end-to-end id (Max35Text). */
export const END_TO_END_MAX = 35;
