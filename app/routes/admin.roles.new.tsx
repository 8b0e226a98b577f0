import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { PermissionListSchema, RoleSchema } from "../../api/contract/roles";
import { markSubmissionFailed, pageTitle } from "~/components/ui/error-summary";
import { handleAdminApiError, requireRoutePermission } from "~/lib/admin-auth.server";
import { validateCsrf } from "~/lib/csrf.server";
import { redirectWithToast } from "~/lib/toast.server";
import { apiFormErrors } from "~/lib/api-errors.server";
import { permissionMapFrom, RoleForm, ROLE_FORM_FIELDS, RoleFormSchema } from "./__admin.role-form";

/** /admin/roles/new: a role with its name, description and permissions. */
const ROUTE_ID = "routes/admin.roles.new";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle("Nuevo rol | Back office Cotiza", matches) }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, headers } = await requireRoutePermission(request, context, ROUTE_ID, "loader");
  try {
    const { items } = await api.get("/admin/permissions", { schema: PermissionListSchema });
    return json({ catalogue: items }, { headers });
  } catch (error) {
    handleAdminApiError(error, request, context);
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  await validateCsrf(request, context, formData);
  const { api, headers } = await requireRoutePermission(request, context, ROUTE_ID, "action");
  const submission = parseWithZod(formData, { schema: RoleFormSchema });
  if (submission.status !== "success") {
    markSubmissionFailed(context);
    return json(submission.reply(), { status: 400, headers });
  }
  try {
    // "Seleccionar todo" names groups: the catalogue says which permissions they hold.
    const { items: catalogue } = await api.get("/admin/permissions", { schema: PermissionListSchema });
    const { name, description } = submission.value;
    const role = await api.post("/admin/roles", {
      body: { name, description, permissions: permissionMapFrom(submission.value, catalogue) },
      schema: RoleSchema,
    });
    return redirectWithToast("/admin/roles", { type: "success", title: "Rol creado", description: `El rol ${role.name} ya se puede asignar a usuarios.` }, { headers });
  } catch (error) {
    const errors = apiFormErrors(error, ROLE_FORM_FIELDS);
    if (errors) {
      markSubmissionFailed(context);
      return json(submission.reply(errors), { status: 400, headers });
    }
    handleAdminApiError(error, request, context);
  }
}

export default function NewRolePage() {
  const { catalogue } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <div className="max-w-5xl">
      <p>
        <Link to="/admin/roles">
          <span aria-hidden="true">← </span>Roles
        </Link>
      </p>
      <h1 className="mt-4 text-2xl font-bold tracking-tight">Nuevo rol</h1>
      <p className="mt-1 text-slate-700">Solo puedes conceder permisos que tu propio rol tiene.</p>
      <RoleForm catalogue={catalogue} lastResult={lastResult} submitLabel="Crear rol" pendingText="Creando rol…" />
    </div>
  );
}
