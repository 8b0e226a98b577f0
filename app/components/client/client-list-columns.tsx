import { Link } from "@remix-run/react";
import { CLIENT_STAGE_LABELS, CLIENT_STAGE_TONES, CLIENT_STAGES, type ClientRow } from "../../../api/contract/clients";
import { formatDate, isoDateTime } from "../../../api/contract/format";
import type { Column } from "~/components/list/data-table";
import type { FilterDef } from "~/components/list/filter-bar";
import { Badge } from "~/components/ui/badge";

/** The filters and columns of /admin/clients (ADR 010: the route keeps its loader and page). */
export const ADMIN_CLIENTS_PATH = "/admin/clients";

export const CLIENT_FILTERS: FilterDef[] = [
  { name: "q", label: "Buscar", hint: "Un NIF/NIE completo o su comienzo (B0001), o 3 letras o más del nombre o del correo.", kind: "search" },
  {
    name: "stage",
    label: "Etapa",
    kind: "select",
    placeholder: "Todas",
    options: CLIENT_STAGES.map((value) => ({ value, label: CLIENT_STAGE_LABELS[value] })),
  },
  {
    name: "inForce",
    label: "Pólizas en vigor",
    kind: "select",
    placeholder: "Con y sin pólizas",
    options: [
      { value: "true", label: "Con pólizas en vigor" },
      { value: "false", label: "Sin pólizas en vigor" },
    ],
  },
];

export const CLIENT_COLUMNS: Column<ClientRow>[] = [
  { id: "name", header: "Nombre", sortKey: "name", rowHeader: true, cell: (client) => client.name },
  { id: "nif", header: "NIF/NIE", className: "font-mono whitespace-nowrap", cell: (client) => client.nif ?? "—" },
  { id: "email", header: "Correo electrónico", className: "break-all", cell: (client) => client.email ?? "—" },
  { id: "phone", header: "Teléfono", className: "whitespace-nowrap", cell: (client) => client.phone ?? "—" },
  { id: "stage", header: "Etapa", cell: (client) => <Badge tone={CLIENT_STAGE_TONES[client.stage]}>{CLIENT_STAGE_LABELS[client.stage]}</Badge> },
  { id: "policiesInForce", header: "Pólizas en vigor", align: "end", cell: (client) => client.policiesInForce },
  {
    id: "createdAt",
    header: "Cliente desde",
    sortKey: "createdAt",
    firstDir: "desc",
    className: "whitespace-nowrap",
    cell: (client) => <time dateTime={isoDateTime(client.createdAt)}>{formatDate(client.createdAt)}</time>,
  },
  {
    id: "actions",
    header: <span className="sr-only">Acciones</span>,
    align: "end",
    cell: (client) => (
      <Link to={`${ADMIN_CLIENTS_PATH}/${client.id}`}>
        Ver<span className="sr-only"> a {client.name}</span>
      </Link>
    ),
  },
];
