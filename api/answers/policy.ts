// The API's answer for a policy (customer and staff alike): the contract's PolicyAnswer built from
// the repository's view, with its documents' URLs. Routes import answers from here, never from
// another route.
import type { PolicyAnswer, PolicySummary } from "../contract/policies";
import type { PolicyView } from "../db/policies.repo";
import type { PolicySummaryView } from "../db/policy-summaries.repo";
import { reciboPeriods } from "../domain/calendar";
import { conditionsVersions } from "../domain/conditions-versions";
import { premiumInForce } from "../domain/endorsement-price";
import { describeRisk, insuredObjectRow, riskTitle } from "../domain/product-info";

export const policyDocumentUrls = {
  conditions: (id: number, version?: number) => `/me/policies/${id}/documents/conditions${version ? `?version=${version}` : ""}`,
  recibo: (id: number, sequence: number) => `/me/policies/${id}/recibos/${sequence}/document`,
  ipid: (line: string) => `/documents/ipid/${line}`,
};

/** The insured risk as the particular conditions read it. */
function riskDescription(p: PolicyView): PolicyAnswer["riskDescription"] {
  const identification = insuredObjectRow(p.line, p.risk);
  return {
    title: riskTitle(p.line, p.risk),
    identification: identification ? { label: identification[0], value: identification[1] } : null,
    rows: describeRisk(p.line, p.risk).map(([label, value]) => ({ label, value })),
  };
}

export function policyAnswer(p: PolicyView): PolicyAnswer {
  const periods = reciboPeriods(p);
  return {
    id: p.id,
    number: p.number,
    line: p.line,
    lineName: p.lineName,
    status: p.status,
    plan: p.plan,
    startDate: p.startDate,
    endDate: p.endDate,
    frequency: p.frequency,
    createdAt: p.createdAt.toISOString(),
    quoteId: p.quoteId,
    policyholder: p.policyholder,
    risk: p.risk,
    riskDescription: riskDescription(p),
    insurer: p.insurer,
    guarantees: p.guarantees,
    // "Prima total anual" is the premium in force: with the guarantees of this term's suplementos (ADR 023).
    premium: premiumInForce(p),
    termPremium: p.premium,
    recibos: p.recibos.map((r) => ({
      sequence: r.sequence,
      kind: r.kind,
      dueDate: r.dueDate,
      period: periods.get(r.sequence) ?? { from: r.dueDate, to: r.dueDate },
      amount: r.amount,
      status: r.status,
      paidAt: r.paidAt ? r.paidAt.toISOString() : null,
      documentUrl: policyDocumentUrls.recibo(p.id, r.sequence),
    })),
    payment: p.payment,
    withdrawal: p.withdrawal,
    documents: [
      { kind: "conditions", name: "Condiciones particulares", url: policyDocumentUrls.conditions(p.id) },
      { kind: "ipid", name: "Documento de información del producto (IPID)", url: policyDocumentUrls.ipid(p.line) },
    ],
    endorsements: p.endorsements.map((e) => ({
      id: e.id,
      version: e.version,
      effectiveDate: e.effectiveDate,
      guarantees: e.guarantees.map(({ code, name, yearlyCents, netCents }) => ({ code, name, yearlyCents, netCents })),
      total: e.price.total,
      annualTotal: e.annualPremium?.total ?? null,
      reciboSequence: e.reciboSequence,
      createdAt: e.createdAt.toISOString(),
    })),
    conditionsVersions: conditionsVersions(p).map((v) => ({ ...v, url: policyDocumentUrls.conditions(p.id, v.version) })),
  };
}

export function policySummaryAnswer(p: PolicySummaryView): PolicySummary {
  return { ...p, createdAt: p.createdAt.toISOString() };
}
