// What /cotizacion-confirmada and Mi póliza say of the first recibo (ADR 033): a card's is
// charged; a direct debit's is not yet, and the page says when and to which account it will be.
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { PolicyAnswer } from "../../../api/contract/policies";
import { PolicyFacts } from "./policy-facts";

const text = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&nbsp;|\u00a0/g, " ")
    .replace(/\s+/g, " ");

function policy(payment: PolicyAnswer["payment"], status: string): PolicyAnswer {
  return {
    number: "COT-2026-000001",
    lineName: "Seguro de hogar",
    plan: { code: "basico", name: "Básico" },
    policyholder: { name: "Lucía Martín" },
    riskDescription: { identification: null },
    startDate: "2026-03-11",
    endDate: "2027-03-11",
    frequency: "trimestral",
    premium: { total: 11_837 },
    termPremium: { total: 11_837 },
    recibos: [{ sequence: 1, dueDate: "2026-03-11", amount: 3_917, status, paidAt: null }],
    payment,
  } as unknown as PolicyAnswer;
}

describe("PolicyFacts: el primer recibo", () => {
  it("domiciliado y pendiente: se cargará en la cuenta a partir de su fecha, no se ha cobrado nada", () => {
    const html = text(renderToString(<PolicyFacts policy={policy({ method: "sepa", label: "ES91 •••• 1332" }, "pendiente")} />));
    expect(html).toContain("Se cargará por domiciliación bancaria en su cuenta ES91 •••• 1332 a partir del 11/03/2026.");
    expect(html).toContain("Todavía no se le ha cobrado nada.");
    expect(html).not.toMatch(/\(cobrado\)/);
  });

  it("domiciliado y remesado: enviado al banco", () => {
    const html = text(renderToString(<PolicyFacts policy={policy({ method: "sepa", label: "ES91 •••• 1332" }, "remesado")} />));
    expect(html).toContain("Enviado a su banco para cargarlo por domiciliación en su cuenta ES91 •••• 1332.");
  });

  it("con tarjeta (cobrado) o ya cobrado por domiciliación: sin aviso", () => {
    for (const p of [policy({ method: "card", label: "•••• 4242" }, "cobrado"), policy({ method: "sepa", label: "ES91 •••• 1332" }, "cobrado")]) {
      const html = text(renderToString(<PolicyFacts policy={p} />));
      expect(html).toContain("(cobrado)");
      expect(html).not.toContain("Se cargará");
    }
  });
});
