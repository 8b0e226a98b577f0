import { Link } from "@remix-run/react";
import { formatMoment } from "../../../api/contract/format";
import { RETURN_IMPORT_FORMAT_LABELS, RETURN_IMPORT_FORMATS, type ReturnImportSummary } from "../../../api/contract/returns";
import type { Column } from "~/components/list/data-table";
import type { FilterDef } from "~/components/list/filter-bar";
import { returnImportPath } from "./return-lines";

/** The filters and columns of /admin/payments/returns (ADR 010: the route keeps its loader, its upload and its page). */
export const RETURN_IMPORT_FILTERS: FilterDef[] = [
  { name: "from", label: "Importado desde", hint: "Día incluido.", kind: "date" },
  { name: "to", label: "Importado hasta", hint: "Día incluido.", kind: "date" },
  {
    name: "format",
    label: "Formato",
    kind: "select",
    placeholder: "Todos",
    options: RETURN_IMPORT_FORMATS.map((f) => ({ value: f, label: RETURN_IMPORT_FORMAT_LABELS[f] })),
  },
  { name: "importedBy", label: "Importado por", hint: "Parte de su correo (3 letras o más).", kind: "search" },
  {
    name: "notApplied",
    label: "Líneas no aplicadas",
    hint: "Adeudos que otro fichero ya había devuelto.",
    kind: "select",
    placeholder: "Todas las importaciones",
    options: [
      { value: "si", label: "Con líneas no aplicadas" },
      { value: "no", label: "Aplicadas enteras" },
    ],
  },
];

export const RETURN_IMPORT_COLUMNS: Column<ReturnImportSummary>[] = [
  {
    id: "file",
    header: "Fichero",
    rowHeader: true,
    className: "break-all",
    cell: (i) => (
      <Link to={returnImportPath(i.id)} className="link">
        {i.fileName}
      </Link>
    ),
  },
  { id: "format", header: "Formato", cell: (i) => RETURN_IMPORT_FORMAT_LABELS[i.format] },
  {
    id: "createdAt",
    header: "Importado",
    sortKey: "createdAt",
    firstDir: "desc",
    cell: (i) => `${formatMoment(i.createdAt)}${i.createdByLabel ? ` por ${i.createdByLabel}` : ""}`,
  },
  { id: "lines", header: "Líneas", cell: (i) => i.lineCount, align: "end", className: "tabular-nums" },
  { id: "applied", header: "Devueltos", cell: (i) => i.applied, align: "end", className: "tabular-nums" },
  { id: "again", header: "Ya devueltos", cell: (i) => i.alreadyReturned, align: "end", className: "tabular-nums" },
];
