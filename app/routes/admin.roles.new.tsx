import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { BackLink } from "~/components/ui/back-link";
import { adminTitle } from "~/lib/page-title";
import { PermissionListSchema, RoleSchema } from "../../api/contract/roles";
import { adminAction, adminLoader } from "~/lib/admin-route.server";
import { redirectWithToast } from "~/lib/toast.server";
import { permissionMapFrom, RoleForm, ROLE_FORM_FIELDS, RoleFormSchema } from "./__admin.role-form";

/** /admin/roles/new: a role with its name, description and permissions. */
const ROUTE_ID = "routes/admin.roles.new";

export const meta: MetaFunction = ({ matches }) => [{ title: adminTitle("Nuevo rol", matches) }];

export const loader = (args: LoaderFunctionArgs) =>
  adminLoader(args, ROUTE_ID, async ({ api }) => {
    const { items } = await api.get("/admin/permissions", { schema: PermissionListSchema });
    return { catalogue: items };
  });

export const action = (args: ActionFunctionArgs) =>
  adminAction(args, ROUTE_ID, async ({ api, form }) => {
    const values = form.parse(RoleFormSchema, { fields: ROLE_FORM_FIELDS });
    // "Seleccionar todo" names groups: the catalogue says which permissions they hold.
    const { items: catalogue } = await api.get("/admin/permissions", { schema: PermissionListSchema });
    const role = await api.post("/admin/roles", {
      body: { name: values.name, description: values.description, permissions: permissionMapFrom(values, catalogue) },
      schema: RoleSchema,
    });
    return redirectWithToast("/admin/roles", {
      type: "success",
      title: "Rol creado",
      description: `El rol ${role.name} ya se puede asignar a usuarios.`,
    });
  });

export default function NewRolePage() {
  const { catalogue } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <div className="max-w-5xl">
      <BackLink to="/admin/roles">Roles</BackLink>
      <h1 className="mt-4 text-2xl font-bold tracking-tight">Nuevo rol</h1>
      <p className="mt-1 text-slate-700">Solo puedes conceder permisos que tu propio rol tiene.</p>
      <RoleForm catalogue={catalogue} lastResult={lastResult} submitLabel="Crear rol" pendingText="Creando rol…" />
    </div>
  );
}
