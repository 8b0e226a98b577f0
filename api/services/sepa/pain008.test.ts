import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildPain008, endToEndIdOf, messageIdOf, type Pain008Input } from "./pain008";

const XSD = join(__dirname, "pain.008.001.02.xsd");
const input: Pain008Input = {
  messageId: messageIdOf(12, "2026-06-15"),
  createdAt: "2026-06-10T10:15:00",
  collectionDate: "2026-06-15",
  creditor: { name: "Cotiza Correduría de Seguros, S.L.", creditorId: "ES11ZZZB12345674", iban: "ES9121000418450200051332", bic: "CAIXESBBXXX" },
  items: [
    {
      endToEndId: endToEndIdOf(12, 5),
      amountCents: 1,
      sequenceType: "RCUR",
      mandateReference: "COT-COT-2026-000001-1",
      mandateSignedOn: "2026-01-02",
      debtorName: "Ana Gómez",
      debtorIban: "ES7921000813610123456789",
      remittanceInfo: "Recibo 2 póliza COT-2026-000001",
    },
    {
      endToEndId: endToEndIdOf(12, 6),
      amountCents: 10,
      sequenceType: "FRST",
      mandateReference: "COT-COT-2026-000002-2",
      mandateSignedOn: "2026-05-20",
      debtorName: "Íñigo Peña",
      debtorIban: "ES9121000418450200051332",
      remittanceInfo: "Recibo 3 póliza COT-2026-000002",
    },
    {
      endToEndId: endToEndIdOf(12, 7),
      amountCents: 20,
      sequenceType: "RCUR",
      mandateReference: "COT-COT-2026-000003-1",
      mandateSignedOn: "2025-12-01",
      debtorName: "Luis",
      debtorIban: "ES9121000418450200051332",
      remittanceInfo: "Recibo 4 póliza COT-2026-000003",
    },
  ],
};

function xmllint(xml: string) {
  const file = join(mkdtempSync(join(tmpdir(), "pain008-")), "remesa.xml");
  writeFileSync(file, xml);
  return execFileSync("xmllint", ["--noout", "--schema", XSD, file], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

describe("el fichero pain.008.001.02 de una remesa", () => {
  const xml = buildPain008(input);

  it("valida contra el esquema ISO 20022 (xmllint)", () => {
    expect(xmllint(xml)).toBe("");
  });

  it("un bloque PmtInf por tipo de secuencia, FRST primero, con sus sumas de control exactas en céntimos", () => {
    expect([...xml.matchAll(/<SeqTp>(\w+)<\/SeqTp>/g)].map((m) => m[1])).toEqual(["FRST", "RCUR"]);
    // 0.1 + 0.2 in floating point is 0.30000000000000004: the sums must still be exact.
    expect([...xml.matchAll(/<CtrlSum>([^<]+)<\/CtrlSum>/g)].map((m) => m[1])).toEqual(["0.31", "0.10", "0.21"]);
    expect([...xml.matchAll(/<NbOfTxs>(\d+)<\/NbOfTxs>/g)].map((m) => m[1])).toEqual(["3", "1", "2"]);
  });

  it("cada adeudo lleva su EndToEndId, su mandato con la fecha de firma y el texto sin tildes", () => {
    expect(xml).toContain('<EndToEndId>COT-REM12-REC6</EndToEndId></PmtId><InstdAmt Ccy="EUR">0.10</InstdAmt>');
    expect(xml).toContain("<MndtId>COT-COT-2026-000002-2</MndtId><DtOfSgntr>2026-05-20</DtOfSgntr>");
    expect(xml).toContain("<Nm>Inigo Pena</Nm>");
    expect(xml).toContain("<Ustrd>Recibo 3 poliza COT-2026-000002</Ustrd>");
    expect(xml).toContain("<MsgId>COTIZA-REM-12-20260615</MsgId><CreDtTm>2026-06-10T10:15:00</CreDtTm>");
  });

  it("los mismos datos dan los mismos bytes", () => {
    expect(buildPain008(input)).toBe(xml);
  });

  it("un acreedor con un identificador no válido no da un fichero", () => {
    expect(() => buildPain008({ ...input, creditor: { ...input.creditor, creditorId: "ES00ZZZB12345674" } })).toThrow();
  });
});
