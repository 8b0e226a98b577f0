import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AdminUserRowSchema } from "../../api/contract/admin-users";
import { hasPermission } from "../../api/contract/permissions";
import { RoleListSchema } from "../../api/contract/roles";
import { ADMIN_USERS_PATH } from "~/components/admin-user/user-list-columns";
import { CreateUserFormSchema, NewUserForm } from "~/components/admin-user/new-user-form";
import { BackLink } from "~/components/ui/back-link";
import { adminAction, adminLoader } from "~/lib/admin-route.server";
import { adminTitle } from "~/lib/page-title";
import { redirectWithToast } from "~/lib/toast.server";

/** /admin/users/new: a back-office account with its temporary password and its role. */
const ROUTE_ID = "routes/admin.users.new";

export const meta: MetaFunction = ({ matches }) => [{ title: adminTitle("Nuevo usuario", matches) }];

export const loader = (args: LoaderFunctionArgs) =>
  adminLoader(args, ROUTE_ID, async ({ admin, api, request }) => {
    // Every user needs a role: without roles:read the form is left out and the page says why.
    if (!hasPermission(admin.role.permissions, "roles:read")) return { roles: null };
    const { items } = await api.get("/admin/roles", { schema: RoleListSchema, signal: request.signal });
    return { roles: items.map((role) => ({ id: role.id, name: role.name })) };
  });

export const action = (args: ActionFunctionArgs) =>
  adminAction(args, ROUTE_ID, async ({ api, form }) => {
    // A password is never sent back to the browser, right or wrong.
    const values = form.parse(CreateUserFormSchema, { hideFields: ["password"] });
    const created = await api.post(ADMIN_USERS_PATH, { body: values, schema: AdminUserRowSchema });
    return redirectWithToast(`${ADMIN_USERS_PATH}/${created.id}`, {
      type: "success",
      title: "Usuario creado",
      description: `${created.username} ya puede entrar con la contraseña temporal.`,
    });
  });

export default function NewUserPage() {
  const { roles } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <section aria-labelledby="nuevo-usuario-titulo" className="max-w-xl">
      <BackLink to={ADMIN_USERS_PATH}>Usuarios</BackLink>
      <h1 id="nuevo-usuario-titulo" className="mt-4 text-2xl font-bold tracking-tight">
        Nuevo usuario
      </h1>
      {roles === null ? (
        <p className="mt-2 text-slate-700">Para crear usuarios necesitas también el permiso de ver roles, porque cada usuario necesita uno.</p>
      ) : (
        <NewUserForm roles={roles} lastResult={lastResult} />
      )}
    </section>
  );
}
