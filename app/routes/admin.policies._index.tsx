import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { AdminPolicyListQuerySchema, AdminPolicyListSchema, LifecycleRunResultSchema } from "../../api/contract/admin-policies";
import { CsvLink, ListView } from "~/components/list/list-view";
import { ADMIN_POLICIES_PATH } from "~/components/policy/admin-policy-header";
import { DAILY_RUN_INTENT, DailyRunButton, DailyRunConfirmStep, DailyRunFields } from "~/components/policy/daily-run-panel";
import { POLICY_COLUMNS, POLICY_FILTERS } from "~/components/policy/policy-list-columns";
import { adminAction, adminLoader } from "~/lib/admin-route.server";
import { canOpen } from "~/lib/admin-routes";
import { lifecycleRunToast } from "~/lib/lifecycle-run.server";
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
    const { admin } = ctx;
    return {
      ...(await readListPage(ctx, ADMIN_POLICIES_PATH, AdminPolicyListQuerySchema, AdminPolicyListSchema)),
      canRun: canOpen(admin.role.permissions, ROUTE_ID, "action"),
      canSell: canOpen(admin.role.permissions, "routes/admin.policies.new"),
    };
  });

export const action = (args: ActionFunctionArgs) =>
  adminAction(args, ROUTE_ID, async ({ admin, api, form }) =>
    runStaffAction(form, {
      [DAILY_RUN_INTENT]: staffIntent(DailyRunFields, async () => {
        // Already under way (another tab, a colleague, the schedule): the API starts no other run and says so.
        const result = await api.post("/admin/lifecycle/run", { schema: LifecycleRunResultSchema });
        return redirectWithToast(ADMIN_POLICIES_PATH, lifecycleRunToast(result, admin.username));
      }),
    }),
  );

export default function PoliciesPage() {
  const { list, filters, filterResult, canRun, canSell } = useLoaderData<typeof loader>();
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
