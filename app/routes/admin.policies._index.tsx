import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { AdminPolicyListQuerySchema, AdminPolicyListSchema, LifecycleRunResultSchema, type AdminPolicyRow } from "../../api/contract/admin-policies";
import { LINE_LABELS, LINES, POLICY_STATUS_LABELS, POLICY_STATUSES } from "../../api/contract/vocabulary";
import type { Column } from "~/components/list/data-table";
import type { FilterDef } from "~/components/list/filter-bar";
import { CsvLink, ListView } from "~/components/list/list-view";
import { ADMIN_POLICIES_PATH, adminPolicyPath } from "~/components/policy/admin-policy-header";
import { ConfirmedForm } from "~/components/admin/confirmed-form";
import { PolicyNumber } from "~/components/policy/policy-number";
import { PolicyStatusBadge } from "~/components/policy/policy-status-badge";
import { ConfirmStep, type ConfirmCopy } from "~/components/ui/confirm-dialog";
import { adminAction, adminLoader } from "~/lib/admin-route.server";
import { canOpen } from "~/lib/admin-routes";
import { formatDate, formatMoney } from "../../api/contract/format";
import { lifecycleRunToast } from "~/lib/lifecycle-run.server";
import { assertPageInRange, readListQuery } from "~/lib/list.server";
import { adminTitle } from "~/lib/page-title";
import { runStaffAction, staffIntent } from "~/lib/staff-action.server";
import { redirectWithToast } from "~/lib/toast.server";
import { INTENT_FIELD, replyFor, type StaffActionReply } from "~/lib/form-intent";

/** /admin/policies: search and filter the policies, the CSV of the filtered list, and the daily run. */
const ROUTE_ID = "routes/admin.policies._index";

export const meta: MetaFunction = ({ matches }) => [{ title: adminTitle("Pólizas", matches) }];

export const loader = (args: LoaderFunctionArgs) =>
  adminLoader(args, ROUTE_ID, async ({ admin, api, request, headers }) => {
    const read = readListQuery(request, AdminPolicyListQuerySchema, headers);
    const list = read.ok ? await api.get(ADMIN_POLICIES_PATH, { query: read.query, schema: AdminPolicyListSchema, signal: request.signal }) : null;
    if (list) assertPageInRange(request, list, headers);
    return {
      list,
      filters: read.filters,
      filterResult: read.ok ? null : read.filterResult,
      canRun: canOpen(admin.role.permissions, ROUTE_ID, "action"),
      canSell: canOpen(admin.role.permissions, "routes/admin.policies.new"),
    };
  });

const RUN_INTENT = "run-lifecycle";
const NoFields = z.object({});

export const action = (args: ActionFunctionArgs) =>
  adminAction(args, ROUTE_ID, async ({ admin, api, form }) =>
    runStaffAction(form, {
      [RUN_INTENT]: staffIntent(NoFields, async () => {
        // Already under way (another tab, a colleague, the schedule): the API starts no other run and says so.
        const result = await api.post("/admin/lifecycle/run", { schema: LifecycleRunResultSchema });
        return redirectWithToast(ADMIN_POLICIES_PATH, lifecycleRunToast(result, admin.username));
      }),
    }),
  );

const RUN_COPY: ConfirmCopy = {
  title: "¿Ejecutar ahora el proceso diario?",
  description:
    "Cobra los recibos vencidos, suspende por impago las pólizas con un recibo impagado hace más de un mes (art. 15 LCS), envía los avisos de renovación y renueva o da por vencidas las pólizas que terminan. Lo ya hecho no se repite, y si ya está en marcha no se inicia otro: verás su resultado.",
  confirmLabel: "Sí, ejecutarlo",
  pendingText: "Ejecutando…",
  variant: "primary",
};

const FILTERS: FilterDef[] = [
  { name: "q", label: "Buscar", hint: "Número (COT-…), NIF/NIE, o nombre o correo del tomador.", kind: "search" },
  {
    name: "status",
    label: "Estado",
    kind: "select",
    placeholder: "Todos",
    options: POLICY_STATUSES.map((s) => ({ value: s, label: POLICY_STATUS_LABELS[s] })),
  },
  { name: "line", label: "Ramo", kind: "select", placeholder: "Todos", options: LINES.map((l) => ({ value: l, label: LINE_LABELS[l] })) },
  { name: "startFrom", label: "Efecto desde", kind: "date" },
  { name: "startTo", label: "Efecto hasta", kind: "date" },
  { name: "renewalWithin", label: "Vence en los próximos", hint: "Número de días (1 a 365).", kind: "text" },
];

const COLUMNS: Column<AdminPolicyRow>[] = [
  {
    id: "number",
    header: "Póliza",
    sortKey: "number",
    rowHeader: true,
    className: "whitespace-nowrap",
    cell: (p) => (
      <Link to={adminPolicyPath(p.id)}>
        <PolicyNumber number={p.number} />
      </Link>
    ),
  },
  {
    id: "holder",
    header: "Tomador",
    cell: (p) => (
      <>
        {p.holder.name}
        {p.holder.nif ? <span className="block text-sm text-slate-600">{p.holder.nif}</span> : null}
      </>
    ),
  },
  { id: "line", header: "Ramo", cell: (p) => LINE_LABELS[p.line] },
  { id: "plan", header: "Plan", cell: (p) => p.planName },
  { id: "status", header: "Estado", cell: (p) => <PolicyStatusBadge status={p.status} /> },
  { id: "startDate", header: "Efecto", sortKey: "startDate", firstDir: "desc", className: "whitespace-nowrap", cell: (p) => formatDate(p.startDate) },
  { id: "endDate", header: "Vencimiento", sortKey: "endDate", className: "whitespace-nowrap", cell: (p) => formatDate(p.endDate) },
  { id: "total", header: "Prima total", align: "end", className: "whitespace-nowrap tabular-nums", cell: (p) => formatMoney(p.totalPremiumCents) },
];

export default function PoliciesPage() {
  const { list, filters, filterResult, canRun, canSell } = useLoaderData<typeof loader>();
  const reply = replyFor(useActionData<typeof action>() as StaffActionReply | undefined, RUN_INTENT);

  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Pólizas</h1>
          <p className="mt-1 text-slate-700">Las pólizas contratadas, con su estado, sus fechas y su prima.</p>
        </div>
        <div className="flex flex-wrap items-start gap-3">
          {canSell ? (
            <Link to="/admin/policies/new" className="btn-primary">
              Nueva póliza por teléfono
            </Link>
          ) : null}
          {list ? <CsvLink path="/admin/policies.csv" /> : null}
          {canRun ? (
            <ConfirmedForm
              id="proceso-diario"
              schema={NoFields}
              hidden={{ [INTENT_FIELD]: RUN_INTENT }}
              lastResult={reply?.result}
              triggerLabel="Ejecutar el proceso diario"
              copy={RUN_COPY}
            />
          ) : null}
        </div>
      </header>

      {reply?.confirm ? <ConfirmStep intent={RUN_INTENT} copy={RUN_COPY} /> : null}

      <ListView
        list={list}
        itemsLabel="pólizas"
        caption="Pólizas"
        columns={COLUMNS}
        rowKey={(p) => p.id}
        minWidth="56rem"
        empty={<p>Todavía no hay pólizas. Aparecen aquí en cuanto un cliente contrata una.</p>}
        filters={{ id: "filtros-polizas", label: "Buscar pólizas", defs: FILTERS, values: filters, lastResult: filterResult }}
      />
    </div>
  );
}
