// Return files as a bank sends them, for the tests: the pain.002.001.03 status report and the CSV.
export type FileReturn = { endToEndId: string; code: string; amount?: string };

export function pain002(o: { originalMsgId: string; creditorId?: string; returns: FileReturn[]; extra?: string }): string {
  const txs = o.returns
    .map(
      (r, i) => `      <TxInfAndSts>
        <StsId>RET-${i + 1}</StsId>
        <OrgnlEndToEndId>${r.endToEndId}</OrgnlEndToEndId>
        <TxSts>RJCT</TxSts>
        <StsRsnInf><Rsn><Cd>${r.code}</Cd></Rsn></StsRsnInf>
        <OrgnlTxRef>
${r.amount ? `          <Amt><InstdAmt Ccy="EUR">${r.amount}</InstdAmt></Amt>\n` : ""}${
        o.creditorId
          ? `          <CdtrSchmeId><Id><PrvtId><Othr><Id>${o.creditorId}</Id><SchmeNm><Prtry>SEPA</Prtry></SchmeNm></Othr></PrvtId></Id></CdtrSchmeId>\n`
          : ""
      }        </OrgnlTxRef>
      </TxInfAndSts>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.03" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <CstmrPmtStsRpt>
    <GrpHdr><MsgId>BANCO-${o.originalMsgId}</MsgId><CreDtTm>2027-02-10T08:00:00</CreDtTm></GrpHdr>
    <OrgnlGrpInfAndSts>
      <OrgnlMsgId>${o.originalMsgId}</OrgnlMsgId>
      <OrgnlMsgNmId>pain.008.001.02</OrgnlMsgNmId>
    </OrgnlGrpInfAndSts>${o.extra ?? ""}
    <OrgnlPmtInfAndSts>
      <OrgnlPmtInfId>PMT-1</OrgnlPmtInfId>
${txs}
    </OrgnlPmtInfAndSts>
  </CstmrPmtStsRpt>
</Document>
`;
}

export function returnsCsv(returns: FileReturn[], o: { separator?: ";" | ","; withDate?: boolean } = {}): string {
  const sep = o.separator ?? ";";
  const withAmount = returns.some((r) => r.amount);
  const header = ["referencia_adeudo", "codigo_devolucion", ...(o.withDate ? ["fecha"] : []), ...(withAmount ? ["importe"] : [])].join(sep);
  const rows = returns.map((r) =>
    [
      r.endToEndId,
      r.code,
      ...(o.withDate ? ["10/02/2027"] : []),
      ...(withAmount ? [sep === "," ? `"${r.amount ?? ""}"` : (r.amount ?? "")] : []),
    ].join(sep),
  );
  return [header, ...rows].join("\r\n") + "\r\n";
}
