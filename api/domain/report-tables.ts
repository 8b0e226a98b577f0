// The figure tables of each report (ADR 034) from the grouped rows the repo reads: months with no
// rows get zeros, ratios are basis points rounded half up, labels are the vocabulary's. Pure.
import { CLAIM_STATUS_LABELS, CLAIM_STATUSES } from "../contract/claim-vocabulary";
import { reportMonths, type ReportQuery, type ReportTable } from "../contract/reports";
import {
  CANCELLATION_REASON_LABELS,
  LINE_LABELS,
  LINES,
  RECIBO_STATUS_LABELS,
  RECIBO_STATUSES,
  SALES_CHANNEL_LABELS,
  SALES_CHANNELS,
  type CancellationReason,
  type Line,
  type ReciboStatus,
  type SalesChannel,
} from "../contract/vocabulary";

/** part / whole in basis points (12,34 % = 1234), half up; 0 when there is no whole. */
export function basisPoints(part: number, whole: number): number {
  return whole === 0 ? 0 : Math.round((part * 10_000) / whole);
}

/** A ratio's figure: part / whole in basis points, half up; null when there is no whole (the page shows «—», never 0, NaN or Infinity). */
export function ratio(part: number, whole: number): number | null {
  return whole === 0 ? null : basisPoints(part, whole);
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

export function carteraTables(
  q: ReportQuery,
  premiums: { month: string; renewal: boolean; recibos: number; cents: number }[],
  moves: { bucket: string; starts: number; stops: number }[],
  plans: { line: string; plan: string; planName: string; policies: number; cents: number }[],
): ReportTable[] {
  const months = reportMonths(q.from, q.to);
  const premium = (month: string, renewal: boolean) => premiums.find((p) => p.month === month && p.renewal === renewal)?.cents ?? 0;
  const before = moves.find((m) => m.bucket === "antes");
  let inForce = (before?.starts ?? 0) - (before?.stops ?? 0);
  const inForceRows = months.map((m) => {
    const move = moves.find((x) => x.bucket === m.key);
    inForce += (move?.starts ?? 0) - (move?.stops ?? 0);
    return { key: m.key, label: m.label, values: [inForce, move?.starts ?? 0, move?.stops ?? 0] };
  });
  return [
    {
      key: "primas-emitidas",
      title: "Primas emitidas por mes",
      description:
        "Importe de los recibos de prima (no anulados) por el mes de su vencimiento. Nueva producción: recibos de la primera anualidad; renovaciones: de las siguientes.",
      chart: "stacked",
      charted: [0, 1],
      categoryLabel: "Mes",
      series: [
        { key: "nueva", label: "Nueva producción", kind: "money" },
        { key: "renovacion", label: "Renovaciones", kind: "money" },
        { key: "total", label: "Total", kind: "money" },
      ],
      rows: months.map((m) => {
        const fresh = premium(m.key, false);
        const renewed = premium(m.key, true);
        return { key: m.key, label: m.label, values: [fresh, renewed, fresh + renewed] };
      }),
    },
    {
      key: "polizas-en-vigor",
      title: "Pólizas en vigor al final de cada mes",
      description:
        "Contratos iniciados y no terminados el último día del mes (o del periodo): ni anulados con efecto hasta ese día ni vencidos sin renovar. Una póliza suspendida por impago sigue contando.",
      chart: "bars",
      charted: [0],
      categoryLabel: "Mes",
      series: [
        { key: "en-vigor", label: "Pólizas en vigor", kind: "count" },
        { key: "altas", label: "Altas del mes", kind: "count" },
        { key: "bajas", label: "Bajas del mes", kind: "count" },
      ],
      rows: inForceRows,
    },
    {
      key: "cartera",
      title: "Cartera por ramo y plan",
      description: "Pólizas en vigor el último día del periodo por ramo y plan, con la prima total de su anualidad en curso.",
      chart: "bars",
      charted: [0],
      categoryLabel: "Ramo y plan",
      series: [
        { key: "polizas", label: "Pólizas", kind: "count" },
        { key: "primas", label: "Prima de la anualidad", kind: "money" },
      ],
      rows: plans.map((p) => ({
        key: `${p.line}-${p.plan}`,
        label: `${LINE_LABELS[p.line as Line] ?? p.line} · ${p.planName}`,
        values: [p.policies, p.cents],
      })),
    },
  ];
}

export function conversionTables(cells: { line: string; channel: SalesChannel; quotes: number; contracted: number }[]): ReportTable[] {
  const series = [
    { key: "cotizaciones", label: "Cotizaciones", kind: "count" as const },
    { key: "contratadas", label: "Contratadas", kind: "count" as const },
    { key: "conversion", label: "Conversión", kind: "percent" as const },
  ];
  const row = (key: string, label: string, of: typeof cells) => {
    const quotes = sum(of.map((c) => c.quotes));
    const contracted = sum(of.map((c) => c.contracted));
    return { key, label, values: [quotes, contracted, basisPoints(contracted, quotes)] };
  };
  const description = (by: string) =>
    `Cotizaciones hechas en el periodo ${by} y cuántas de ellas están contratadas (estado «contratada»); conversión = contratadas / cotizaciones.`;
  return [
    {
      key: "conversion-ramo",
      title: "Conversión de cotización a póliza por ramo",
      description: description("por ramo"),
      chart: "grouped",
      charted: [0, 1],
      categoryLabel: "Ramo",
      series,
      rows: [
        ...LINES.map((line) =>
          row(
            line,
            LINE_LABELS[line],
            cells.filter((c) => c.line === line),
          ),
        ),
        row("total", "Total", cells),
      ],
    },
    {
      key: "conversion-canal",
      title: "Conversión de cotización a póliza por canal",
      description: `${description("por canal")} Teléfono: cotizaciones hechas por el personal en una venta telefónica.`,
      chart: "grouped",
      charted: [0, 1],
      categoryLabel: "Canal",
      series,
      rows: SALES_CHANNELS.map((channel) =>
        row(
          channel,
          SALES_CHANNEL_LABELS[channel],
          cells.filter((c) => c.channel === channel),
        ),
      ),
    },
  ];
}

/** The statuses a report groups a recibo's into: collected, still owed, returned. */
export const COLLECTED: readonly ReciboStatus[] = ["cobrado"];
export const PENDING: readonly ReciboStatus[] = ["pendiente", "remesado"];
export const RETURNED: readonly ReciboStatus[] = ["devuelto"];
/** Put to collection: what a return rate divides by (collected, returned, or collected and refunded later). */
export const CHARGED: readonly ReciboStatus[] = ["cobrado", "devuelto", "extornado"];

export function recibosTables(q: ReportQuery, cells: { month: string; status: string; recibos: number; cents: number }[]): ReportTable[] {
  const of = (statuses: readonly string[], month?: string) => cells.filter((c) => statuses.includes(c.status) && (!month || c.month === month));
  const count = (xs: typeof cells) => sum(xs.map((x) => x.recibos));
  const cents = (xs: typeof cells) => sum(xs.map((x) => x.cents));
  return [
    {
      key: "recibos-estado",
      title: "Recibos por estado",
      description: "Recibos (de prima y de suplemento) que vencen en el periodo, por su estado de hoy: cuántos y por qué importe.",
      chart: "bars",
      charted: [1],
      categoryLabel: "Estado",
      series: [
        { key: "recibos", label: "Recibos", kind: "count" },
        { key: "importe", label: "Importe", kind: "money" },
      ],
      rows: RECIBO_STATUSES.map((status) => ({
        key: status,
        label: RECIBO_STATUS_LABELS[status],
        values: [count(of([status])), cents(of([status]))],
      })),
    },
    {
      key: "cobros",
      title: "Cobrado, pendiente y devuelto",
      description:
        "De esos recibos: cobrado (estado cobrado), pendiente de cobro (pendiente o remesado, aún sin cobrar) y devuelto (el banco o la tarjeta lo rechazó y sigue sin pagar).",
      chart: "bars",
      charted: [1],
      categoryLabel: "Situación",
      series: [
        { key: "recibos", label: "Recibos", kind: "count" },
        { key: "importe", label: "Importe", kind: "money" },
      ],
      rows: [
        { key: "cobrado", label: "Cobrado", values: [count(of(COLLECTED)), cents(of(COLLECTED))] },
        { key: "pendiente", label: "Pendiente de cobro", values: [count(of(PENDING)), cents(of(PENDING))] },
        { key: "devuelto", label: "Devuelto", values: [count(of(RETURNED)), cents(of(RETURNED))] },
      ],
    },
    {
      key: "tasa-devolucion",
      title: "Tasa de devolución por mes",
      description: "Recibos devueltos entre los puestos al cobro (cobrados, devueltos o extornados) que vencen en cada mes.",
      chart: "bars",
      charted: [2],
      categoryLabel: "Mes",
      series: [
        { key: "devueltos", label: "Devueltos", kind: "count" },
        { key: "al-cobro", label: "Puestos al cobro", kind: "count" },
        { key: "tasa", label: "Tasa de devolución", kind: "percent" },
      ],
      rows: reportMonths(q.from, q.to).map((m) => {
        const returned = count(of(RETURNED, m.key));
        const charged = count(of(CHARGED, m.key));
        return { key: m.key, label: m.label, values: [returned, charged, basisPoints(returned, charged)] };
      }),
    },
  ];
}

export function bajasTables(
  cancellations: { reason: string; policies: number; cents: number }[],
  expired: { stoppedBy: string | null; policies: number; cents: number }[],
): ReportTable[] {
  const series = [
    { key: "polizas", label: "Pólizas", kind: "count" as const },
    { key: "primas", label: "Prima de la anualidad", kind: "money" as const },
  ];
  const stopped = (by: string | null) => expired.filter((e) => e.stoppedBy === by);
  return [
    {
      key: "anulaciones",
      title: "Anulaciones y desistimientos por motivo",
      description: "Pólizas anuladas cuya anulación tiene efecto en el periodo, por motivo (el desistimiento es uno de ellos).",
      chart: "bars",
      charted: [0],
      categoryLabel: "Motivo",
      series,
      rows: (Object.keys(CANCELLATION_REASON_LABELS) as CancellationReason[]).map((reason) => {
        const row = cancellations.find((c) => c.reason === reason);
        return { key: reason, label: CANCELLATION_REASON_LABELS[reason], values: [row?.policies ?? 0, row?.cents ?? 0] };
      }),
    },
    {
      key: "no-renovaciones",
      title: "No renovaciones",
      description:
        "Pólizas vencidas sin renovar cuyo vencimiento cae en el periodo, según quién se opuso a la renovación; «sin oposición» son las que no se renovaron por otra causa (p. ej. suspendidas por impago al vencer).",
      chart: "bars",
      charted: [0],
      categoryLabel: "Quién",
      series,
      rows: [
        { key: "cliente", label: "El cliente se opuso", by: "cliente" },
        { key: "aseguradora", label: "La aseguradora se opuso", by: "aseguradora" },
        { key: "sin-oposicion", label: "Sin oposición", by: null },
      ].map(({ key, label, by }) => ({ key, label, values: [sum(stopped(by).map((e) => e.policies)), sum(stopped(by).map((e) => e.cents))] })),
    },
  ];
}

export function suplementosTables(
  q: ReportQuery,
  months: { month: string; endorsements: number; cents: number }[],
  top: { code: string; name: string; times: number; yearlyCents: number }[],
): ReportTable[] {
  return [
    {
      key: "suplementos-mes",
      title: "Suplementos vendidos por mes",
      description: "Suplementos (garantías añadidas a una póliza en vigor) hechos en cada mes, con la prima de su recibo (la parte proporcional).",
      chart: "bars",
      charted: [0],
      categoryLabel: "Mes",
      series: [
        { key: "suplementos", label: "Suplementos", kind: "count" },
        { key: "primas", label: "Prima", kind: "money" },
      ],
      rows: reportMonths(q.from, q.to).map((m) => {
        const row = months.find((x) => x.month === m.key);
        return { key: m.key, label: m.label, values: [row?.endorsements ?? 0, row?.cents ?? 0] };
      }),
    },
    {
      key: "garantias-anadidas",
      title: "Garantías más añadidas",
      description: "Las garantías que más veces añadieron esos suplementos (diez como máximo), con la suma de su precio anual.",
      chart: "bars",
      charted: [0],
      categoryLabel: "Garantía",
      series: [
        { key: "veces", label: "Veces añadida", kind: "count" },
        { key: "anual", label: "Precio anual", kind: "money" },
      ],
      rows: top.map((g) => ({ key: g.code, label: g.name, values: [g.times, g.yearlyCents] })),
    },
  ];
}

export type ClaimsFigures = {
  declared: { month: string; status: string; line: string; claims: number }[];
  inForce: { line: string; policies: number }[];
  paid: { line: string; claims: number; cents: number }[];
  earned: { line: string; cents: number }[];
};

/** Claims declared by month, status and line; frequency (per 100 policies in force) and loss ratio (paid / earned) by line and in total. */
export function siniestrosTables(q: ReportQuery, f: ClaimsFigures): ReportTable[] {
  const declared = (keep: (c: ClaimsFigures["declared"][number]) => boolean) => sum(f.declared.filter(keep).map((c) => c.claims));
  // With a line chosen, its row alone (the other lines are not read); without, each line and the total.
  const lines = LINES.filter((line) => !q.line || q.line === line);
  const byLine = <T extends { line: string }>(line: string | null, rows: T[], value: (row: T) => number) =>
    sum(rows.filter((r) => line === null || r.line === line).map(value));
  const lineRows = (values: (line: string | null) => (number | null)[]) => [
    ...lines.map((line) => ({ key: line, label: LINE_LABELS[line], values: values(line) })),
    ...(q.line ? [] : [{ key: "total", label: "Total", values: values(null) }]),
  ];
  return [
    {
      key: "siniestros-mes",
      title: "Siniestros declarados por mes",
      description: "Siniestros declarados en el periodo (los borradores no cuentan) por el mes de su declaración, en hora de España.",
      chart: "bars",
      charted: [0],
      categoryLabel: "Mes",
      series: [{ key: "siniestros", label: "Siniestros", kind: "count" }],
      rows: reportMonths(q.from, q.to).map((m) => ({ key: m.key, label: m.label, values: [declared((c) => c.month === m.key)] })),
    },
    {
      key: "siniestros-estado",
      title: "Siniestros declarados por estado",
      description: "Los siniestros declarados en el periodo, por su estado de hoy.",
      chart: "bars",
      charted: [0],
      categoryLabel: "Estado",
      series: [{ key: "siniestros", label: "Siniestros", kind: "count" }],
      rows: CLAIM_STATUSES.map((status) => ({ key: status, label: CLAIM_STATUS_LABELS[status], values: [declared((c) => c.status === status)] })),
    },
    {
      key: "frecuencia",
      title: "Siniestros y frecuencia por ramo",
      description:
        "Siniestros declarados en el periodo por cada 100 pólizas en vigor en algún día del periodo (iniciadas hasta su último día y no terminadas antes de su primer día, " +
        "las mismas altas y bajas que «Pólizas en vigor»). «—»: sin pólizas en vigor.",
      chart: "bars",
      charted: [2],
      categoryLabel: "Ramo",
      series: [
        { key: "siniestros", label: "Siniestros", kind: "count" },
        { key: "polizas", label: "Pólizas en vigor en el periodo", kind: "count" },
        { key: "frecuencia", label: "Frecuencia (por cada 100 pólizas)", kind: "ratio" },
      ],
      rows: lineRows((line) => {
        const claims = declared((c) => line === null || c.line === line);
        const policies = byLine(line, f.inForce, (r) => r.policies);
        return [claims, policies, ratio(claims, policies)];
      }),
    },
    {
      key: "siniestralidad",
      title: "Siniestralidad por ramo",
      description:
        "Indemnizaciones pagadas en el periodo (lo pagado de los siniestros cuyo pago cae en él) entre las primas devengadas en el periodo: la prima total de cada anualidad " +
        "y de cada suplemento repartida por igual entre sus días, contando los del periodo hasta la anulación, si la hubo. «—»: sin primas devengadas.",
      chart: "bars",
      charted: [2],
      categoryLabel: "Ramo",
      series: [
        { key: "pagado", label: "Indemnizaciones pagadas", kind: "money" },
        { key: "devengado", label: "Primas devengadas", kind: "money" },
        { key: "siniestralidad", label: "Siniestralidad", kind: "ratio" },
      ],
      rows: lineRows((line) => {
        const paid = byLine(line, f.paid, (r) => r.cents);
        const earned = byLine(line, f.earned, (r) => r.cents);
        return [paid, earned, ratio(paid, earned)];
      }),
    },
  ];
}
