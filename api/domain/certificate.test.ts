import { describe, expect, it } from "vitest";
import { certificateRefusal, type CertificateFacts } from "./certificate";

const policy = (over: Partial<CertificateFacts> = {}): CertificateFacts => ({
  status: "en_vigor",
  startDate: "2026-01-01",
  endDate: "2027-01-01",
  recibos: [
    { sequence: 1, dueDate: "2026-01-01", status: "cobrado" },
    { sequence: 2, dueDate: "2026-07-01", status: "pendiente" },
  ],
  ...over,
});

describe("certificateRefusal", () => {
  it("se emite para una póliza en vigor con los recibos vencidos cobrados (los futuros no cuentan)", () => {
    expect(certificateRefusal(policy(), "2026-06-30")).toBeNull();
  });

  it("un recibo vencido sin cobrar lo impide y se dice cuál", () => {
    expect(certificateRefusal(policy(), "2026-07-01")).toBe(
      "No se puede emitir el certificado de seguro: el recibo n.º 2, con vencimiento el 01/07/2026, está pendiente de pago. El certificado declara que la prima está pagada; podrá obtenerlo cuando se cobre.",
    );
  });

  it("un recibo remesado aún no está cobrado; uno anulado o extornado no se debe", () => {
    const remitted = policy({ recibos: [{ sequence: 1, dueDate: "2026-01-01", status: "remesado" }] });
    expect(certificateRefusal(remitted, "2026-02-01")).toMatch(/enviado al banco y aún no consta como cobrado/);
    const cancelled = policy({
      recibos: [
        { sequence: 1, dueDate: "2026-01-01", status: "cobrado" },
        { sequence: 2, dueDate: "2026-02-01", status: "anulado" },
        { sequence: 3, dueDate: "2026-03-01", status: "extornado" },
      ],
    });
    expect(certificateRefusal(cancelled, "2026-04-01")).toBeNull();
  });

  it("solo en vigor y hasta el fin de su anualidad", () => {
    expect(certificateRefusal(policy({ status: "suspendida" }), "2026-03-01")).toMatch(/suspendida/);
    expect(certificateRefusal(policy({ status: "anulada" }), "2026-03-01")).toMatch(/anulada/);
    expect(certificateRefusal(policy({ status: "pendiente_pago" }), "2026-03-01")).toMatch(/todavía no está en vigor/);
    // Bought today with effect tomorrow (the earliest a sale starts): certified already.
    expect(certificateRefusal(policy(), "2025-12-31")).toBeNull();
    expect(certificateRefusal(policy(), "2027-01-01")).toMatch(/ha vencido/);
  });
});
