// The lines of a return import (ADR 030) and the errors of a refused file: the tables the two
// returns pages share.
import { Link } from "@remix-run/react";
import { formatMoney } from "../../../api/contract/format";
import { RETURN_OUTCOMES, type ReturnLine, type ReturnLineError } from "../../../api/contract/returns";
import { DataTable, type Column } from "~/components/list/data-table";
import { Badge } from "~/components/ui/badge";
import { adminPolicyPaymentsPath } from "~/components/policy/admin-policy-header";

export const RETURNS_PATH = "/admin/payments/returns";
export const returnImportPath = (id: number) => `${RETURNS_PATH}/${id}`;

const LINE_COLUMNS: Column<ReturnLine>[] = [
  { id: "line", header: "Línea", cell: (l) => l.line, align: "end" },
  { id: "ref", header: "Referencia del adeudo", cell: (l) => <span className="font-mono text-sm">{l.endToEndId}</span>, rowHeader: true },
  {
    id: "recibo",
    header: "Recibo",
    cell: (l) => (
      <Link to={adminPolicyPaymentsPath(l.policyId)} className="link">
        Recibo {l.sequence} de la póliza {l.policyNumber}
      </Link>
    ),
  },
  { id: "amount", header: "Importe", cell: (l) => formatMoney(l.amountCents), align: "end" },
  { id: "fee", header: "Gastos", cell: (l) => (l.feeCents ? formatMoney(l.feeCents) : "—"), align: "end" },
  { id: "code", header: "Motivo", cell: (l) => `${l.code} ${l.reason}` },
  {
    id: "outcome",
    header: "Resultado",
    cell: (l) => <Badge tone={l.outcome === "devuelto" ? "danger" : "neutral"}>{RETURN_OUTCOMES[l.outcome]}</Badge>,
  },
];

export function ReturnLinesTable({ caption, lines }: { caption: string; lines: ReturnLine[] }) {
  return (
    <DataTable
      caption={caption}
      columns={LINE_COLUMNS}
      rows={lines}
      rowKey={(l) => l.line}
      minWidth="60rem"
      empty={<p>El fichero no tenía líneas.</p>}
    />
  );
}

const ERROR_COLUMNS: Column<ReturnLineError>[] = [
  { id: "line", header: "Línea", cell: (e) => e.line, align: "end", rowHeader: true },
  { id: "message", header: "Error", cell: (e) => e.message },
];

export function ReturnErrorsTable({ errors }: { errors: ReturnLineError[] }) {
  return (
    <DataTable
      caption="Errores del fichero, línea a línea"
      columns={ERROR_COLUMNS}
      rows={errors}
      rowKey={(e) => `${e.line}-${e.message}`}
      empty={null}
    />
  );
}
