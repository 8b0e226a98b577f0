import { z } from "zod";
import { positiveIdParam } from "~/lib/http";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { BackLink } from "~/components/ui/back-link";
import { adminTitle } from "~/lib/page-title";
import { PermissionListSchema, RoleSchema, SUPERADMIN_ROLE } from "../../api/contract/roles";
import { hasPermission } from "../../api/contract/permissions";
import { Badge } from "~/components/ui/badge";
import { ConfirmAction, ConfirmStep, type ConfirmCopy } from "~/components/ui/confirm-dialog";
import { useErrorTitle } from "~/components/ui/error-summary";
import { adminAction, adminLoader } from "~/lib/admin-route.server";
import { redirectWithToast } from "~/lib/toast.server";
import { permissionMapFrom, RoleForm, ROLE_FORM_FIELDS, RoleFormSchema } from "./__admin.role-form";
import { replyFor, type StaffActionReply } from "~/lib/form-intent";
import { runStaffAction, staffIntent } from "~/lib/staff-action.server";
import { formatCount } from "../../api/contract/format";

/** /admin/roles/{id}: edit a role (name, description, permissions) or delete it. */
const ROUTE_ID = "routes/admin.roles.$id";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: adminTitle(data ? `Rol ${data.role.name}` : "Rol", matches) }];

export const loader = (args: LoaderFunctionArgs) =>
  adminLoader(args, ROUTE_ID, async ({ admin, api, params }) => {
    const id = positiveIdParam(params.id);
    const [role, { items: catalogue }] = await Promise.all([
      api.get(`/admin/roles/${id}`, { schema: RoleSchema }),
      api.get("/admin/permissions", { schema: PermissionListSchema }),
    ]);
    return { role, catalogue, canWrite: hasPermission(admin.role.permissions, "roles:write") };
  });

export const action = (args: ActionFunctionArgs) =>
  adminAction(args, ROUTE_ID, async ({ api, form, params }) => {
    const id = positiveIdParam(params.id);
    return runStaffAction(form, {
      save: staffIntent(
        RoleFormSchema,
        async (values) => {
          const [current, { items: catalogue }] = await Promise.all([
            api.get(`/admin/roles/${id}`, { schema: RoleSchema }),
            api.get("/admin/permissions", { schema: PermissionListSchema }),
          ]);
          // superadmin's boxes are locked (and so not sent): it keeps every permission.
          const permissions = permissionMapFrom(values, catalogue, current.name === SUPERADMIN_ROLE);
          const role = await api.put(`/admin/roles/${id}`, {
            body: { name: values.name, description: values.description, permissions },
            schema: RoleSchema,
          });
          return redirectWithToast(`/admin/roles/${id}`, {
            type: "success",
            title: "Rol guardado",
            description: `Los cambios del rol ${role.name} ya se aplican.`,
          });
        },
        { confirm: false, fields: ROLE_FORM_FIELDS },
      ),
      // "No se puede eliminar un rol asignado a usuarios" and the like: shown beside the button.
      delete: staffIntent(z.object({}), async () => {
        const role = await api.get(`/admin/roles/${id}`, { schema: RoleSchema });
        await api.delete(`/admin/roles/${id}`);
        return redirectWithToast("/admin/roles", { type: "success", title: "Rol eliminado", description: `El rol ${role.name} ya no existe.` });
      }),
    });
  });

function deleteCopy(name: string): ConfirmCopy {
  return {
    title: `¿Eliminar el rol ${name}?`,
    description: "El rol desaparece con sus permisos. No se puede deshacer.",
    confirmLabel: "Sí, eliminar el rol",
    pendingText: "Eliminando…",
    variant: "danger",
  };
}

export default function RolePage() {
  const { role, catalogue, canWrite } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as StaffActionReply | undefined;
  const isSuperadmin = role.name === SUPERADMIN_ROLE;
  const deleteError = Object.values(replyFor(reply, "delete")?.result?.error ?? {})
    .flat()
    .filter(Boolean)
    .join(" ");
  useErrorTitle(deleteError !== "");
  const deleteBlocked = role.isSystem
    ? "Los roles del sistema no se pueden eliminar."
    : role.userCount > 0
      ? `No se puede eliminar un rol asignado a usuarios: ${role.userCount === 1 ? "1 usuario lo tiene" : `${role.userCount} usuarios lo tienen`}. Cámbiales antes el rol.`
      : undefined;

  return (
    <div className="max-w-5xl">
      <BackLink to="/admin/roles">Roles</BackLink>
      <header className="mt-4 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold tracking-tight break-all">Rol {role.name}</h1>
        {role.isSystem ? <Badge tone="info">Sistema</Badge> : null}
        <span className="text-slate-700">{role.userCount === 1 ? "1 usuario" : `${formatCount(role.userCount)} usuarios`}</span>
      </header>

      {replyFor(reply, "delete")?.confirm && !deleteBlocked && !isSuperadmin ? (
        <div className="mt-6">
          <ConfirmStep intent="delete" copy={deleteCopy(role.name)} />
        </div>
      ) : null}

      <RoleForm
        // A saved role starts a fresh form (the permissions shown are the stored ones).
        key={`${role.id}-${JSON.stringify(role.permissions)}-${role.name}-${role.description}`}
        catalogue={catalogue}
        lastResult={replyFor(reply, "save")?.result}
        defaultValue={role}
        allLocked={isSuperadmin}
        nameLocked={role.isSystem}
        readOnly={!canWrite}
        intent="save"
        submitLabel="Guardar cambios"
        pendingText="Guardando…"
      />

      {canWrite && !isSuperadmin ? (
        <section aria-labelledby="eliminar-titulo" className="mt-10 rounded-md border border-slate-200 bg-white p-4 sm:p-6">
          <h2 id="eliminar-titulo" className="text-lg font-bold">
            Eliminar rol
          </h2>
          {deleteError ? (
            <p role="alert" className="mt-2 border-l-4 border-red-700 pl-3 font-semibold text-red-700">
              {deleteError}
            </p>
          ) : null}
          <div className="mt-3">
            <ConfirmAction intent="delete" triggerLabel="Eliminar rol" copy={deleteCopy(role.name)} disabledReason={deleteBlocked} />
          </div>
        </section>
      ) : null}
    </div>
  );
}
