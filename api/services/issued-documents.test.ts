import { describe, expect, it } from "vitest";
import { isRegenerable } from "./issued-documents";
import { documentSeries } from "./stored-documents";

describe("qué documentos se regeneran", () => {
  it("los generados a partir de los datos (condiciones, recibo, justificante, mandato, cotización, IPID de la póliza)", () => {
    for (const seriesKey of [
      documentSeries.conditions(12, 2),
      documentSeries.recibo(12, 3),
      documentSeries.receipt(12, 3),
      documentSeries.mandate("COT-2026-000012-1"),
      documentSeries.quote("0b7c2a4e-8f1d-4c3b-9a6e-2d5f7c8b9a10"),
      documentSeries.ipid(12),
    ]) {
      expect(isRegenerable({ seriesKey }), seriesKey).toBe(true);
    }
  });

  it("no un desistimiento, una remesa, un certificado ni un documento subido", () => {
    for (const seriesKey of [
      documentSeries.withdrawal(12),
      documentSeries.remittance(4),
      documentSeries.certificate(12, "2026-11-28"),
      documentSeries.upload("0b7c2a4e-8f1d-4c3b-9a6e-2d5f7c8b9a10"),
    ]) {
      expect(isRegenerable({ seriesKey }), seriesKey).toBe(false);
    }
  });
});
