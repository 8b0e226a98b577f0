import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { AdminPolicyListQuerySchema, AdminPolicyListSchema, LifecycleRunSchema, LifecycleRunStartSchema } from "../../api/contract/admin-policies";
import { CsvLink, ListView } from "~/components/list/list-view";
import { ADMIN_POLICIES_PATH } from "~/components/policy/admin-policy-header";
import { DAILY_RUN_INTENT, DailyRunButton, DailyRunConfirmStep, DailyRunFields, DailyRunState } from "~/components/policy/daily-run-panel";
import { DAILY_RUN_PARAM } from "~/lib/daily-run";
import { POLICY_COLUMNS, POLICY_FILTERS } from "~/components/policy/policy-list-columns";
import { adminAction, adminLoader } from "~/lib/admin-route.server";
import { canOpen } from "~/lib/admin-routes";
import { dailyRunView, lifecycleRunPath, lifecycleRunToast, runAfterWaiting } from "~/lib/lifecycle-run.server";
import { readListPage } from "~/lib/admin-list.server";
import { adminTitle } from "~/lib/page-title";
import { runStaffAction, staffIntent } from "~/lib/staff-action.server";
import { redirectWithToast } from "~/lib/toast.server";
import { replyFor, type StaffActionReply } from "~/lib/form-intent";

/** /admin/policies: search and filter the policies, the CSV of the filtered list, and the daily run. */
const ROUTE_ID = "routes/admin.policies._index";

export const meta: MetaFunction = ({ matches }) => [{ title: adminTitle("Pólizas", matches) }];

export const loader = (args: LoaderFunctionArgs) =>
  adminLoader(args, ROUTE_ID, async (ctx) => {
    const { admin, api } = ctx;
    // ?proceso={id}: the daily run this page follows (ADR 044), not a filter of the list.
    const url = new URL(ctx.request.url);
    const runId = Number(url.searchParams.get(DAILY_RUN_PARAM));
    url.searchParams.delete(DAILY_RUN_PARAM);
    const run =
      Number.isSafeInteger(runId) && runId > 0
        ? await api.get(lifecycleRunPath(runId), { schema: LifecycleRunSchema, signal: ctx.request.signal, otherwise: { 404: null } })
        : null;
    return {
      ...(await readListPage(
        { ...ctx, request: new Request(url, ctx.request) },
        ADMIN_POLICIES_PATH,
        AdminPolicyListQuerySchema,
        AdminPolicyListSchema,
      )),
      run: run && dailyRunView(run, admin.username),
      canRun: canOpen(admin.role.permissions, ROUTE_ID, "action"),
      canSell: canOpen(admin.role.permissions, "routes/admin.policies.new"),
    };
  });

export const action = (args: ActionFunctionArgs) =>
  adminAction(args, ROUTE_ID, async ({ admin, api, form }) =>
    runStaffAction(form, {
      [DAILY_RUN_INTENT]: staffIntent(DailyRunFields, async () => {
        // Already under way (another tab, a colleague, the schedule): the API starts no other run and answers that one.
        const start = await api.post("/admin/lifecycle/run", { schema: LifecycleRunStartSchema });
        // A few policies take a moment: waiting briefly lets the toast say what it did. A longer run
        // goes on in the background and the page follows it (?proceso={id}).
        const run = await runAfterWaiting(api, start);
        const toast = lifecycleRunToast(start, run, admin.username);
        if (run.status === "hecho") return redirectWithToast(ADMIN_POLICIES_PATH, toast);
        return redirectWithToast(`${ADMIN_POLICIES_PATH}?${DAILY_RUN_PARAM}=${run.id}#estado-proceso-diario`, toast);
      }),
    }),
  );

export default function PoliciesPage() {
  const { list, filters, filterResult, canRun, canSell, run } = useLoaderData<typeof loader>();
  const reply = replyFor(useActionData<typeof action>() as StaffActionReply | undefined, DAILY_RUN_INTENT);

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
          {canRun ? <DailyRunButton reply={reply} /> : null}
        </div>
      </header>

      <DailyRunConfirmStep reply={reply} />
      <DailyRunState run={run} />

      <ListView
        list={list}
        itemsLabel="pólizas"
        caption="Pólizas"
        columns={POLICY_COLUMNS}
        rowKey={(p) => p.id}
        minWidth="56rem"
        empty={<p>Todavía no hay pólizas. Aparecen aquí en cuanto un cliente contrata una.</p>}
        filters={{ id: "filtros-polizas", label: "Buscar pólizas", defs: POLICY_FILTERS, values: filters, lastResult: filterResult }}
      />
    </div>
  );
}
