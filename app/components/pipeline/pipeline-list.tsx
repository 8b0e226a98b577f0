// The list view of a board (/admin/pipeline/lista, /admin/client-pipeline/lista): the same cards
// as rows of the list kit, with the board's filters plus the stage and a search.
import { Link } from "@remix-run/react";
import type { BoardCard } from "../../../api/contract/pipeline";
import { formatIsoDate, formatMoney } from "../../../api/contract/format";
import { LINE_LABELS } from "../../../api/contract/vocabulary";
import { ageText } from "./board-model";
import type { Column } from "~/components/list/data-table";
import type { FilterDef } from "~/components/list/filter-bar";
import { Badge, type BadgeTone } from "~/components/ui/badge";

export type PipelineRow = BoardCard & { stage: string };

type Stage = { value: string; label: string; tone: BadgeTone };

/** The list's filters: a search, the stage, then the board's own. */
export function pipelineListFilters(stages: readonly Stage[], searchHint: string, boardFilters: readonly FilterDef[]): FilterDef[] {
  return [
    { name: "q", label: "Buscar", hint: searchHint, kind: "search" },
    { name: "stage", label: "Etapa", kind: "select", placeholder: "Todas", options: stages.map(({ value, label }) => ({ value, label })) },
    ...boardFilters,
  ];
}

/**
 * The columns; `sortKeys` names the contract's sort key of each sortable column (the two lists
 * sort by different keys), `owner` false on the client list (clients have no owner).
 */
export function pipelineColumns({
  stages,
  href,
  sortKeys,
  owner,
  now,
}: {
  stages: readonly Stage[];
  href: (row: PipelineRow) => string;
  sortKeys: Partial<Record<"name" | "stage" | "premium" | "age" | "nextAction", string>>;
  owner: boolean;
  now: Date;
}): Column<PipelineRow>[] {
  const stage = (value: string) => stages.find((s) => s.value === value);
  const columns: (Column<PipelineRow> | null)[] = [
    { id: "name", header: "Nombre", sortKey: sortKeys.name, rowHeader: true, cell: (r) => <Link to={href(r)}>{r.name}</Link> },
    {
      id: "stage",
      header: "Etapa",
      sortKey: sortKeys.stage,
      cell: (r) => <Badge tone={stage(r.stage)?.tone ?? "neutral"}>{stage(r.stage)?.label ?? r.stage}</Badge>,
    },
    { id: "line", header: "Seguro", cell: (r) => (r.line ? LINE_LABELS[r.line] : "—") },
    {
      id: "premium",
      header: "Prima",
      align: "end",
      sortKey: sortKeys.premium,
      firstDir: "desc",
      className: "whitespace-nowrap",
      cell: (r) => (r.premiumCents === null ? "—" : formatMoney(r.premiumCents)),
    },
    owner ? { id: "owner", header: "Comercial", cell: (r) => r.owner?.name ?? "Sin asignar" } : null,
    owner
      ? {
          id: "nextAction",
          header: "Próxima acción",
          sortKey: sortKeys.nextAction,
          cell: (r) => [r.nextAction, r.nextActionOn ? formatIsoDate(r.nextActionOn) : null].filter(Boolean).join(", ") || "—",
        }
      : null,
    { id: "age", header: "En la etapa", sortKey: sortKeys.age, className: "whitespace-nowrap", cell: (r) => ageText(r.stageSince, now) },
    { id: "stale", header: "Actividad", cell: (r) => (r.stale ? <Badge tone="warning">Sin actividad</Badge> : "Al día") },
  ];
  return columns.filter((c): c is Column<PipelineRow> => c !== null);
}
