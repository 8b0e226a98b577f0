import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { z } from "zod";
import { AdminUserRowSchema, type AdminUserRow } from "../../api/contract/admin-users";
import { formatDateTime, isoDateTime } from "../../api/contract/format";
import { hasPermission } from "../../api/contract/permissions";
import { RoleListSchema } from "../../api/contract/roles";
import { AccessSection, confirmCopy, PasswordFormSchema, PasswordSection, RoleFormSchema, RoleSection } from "~/components/admin/user-sections";
import { BackLink } from "~/components/ui/back-link";
import { Badge } from "~/components/ui/badge";
import { ConfirmStep } from "~/components/ui/confirm-dialog";
import { Detail } from "~/components/ui/detail";
import { adminAction, adminLoader } from "~/lib/admin-route.server";
import { replyFor, type StaffActionReply } from "~/lib/form-intent";
import { positiveIdParam } from "~/lib/http";
import { adminTitle } from "~/lib/page-title";
import { runStaffAction, staffIntent } from "~/lib/staff-action.server";
import { redirectWithToast } from "~/lib/toast.server";

/** /admin/users/{id}: one account; change its role, reset its password, deactivate or reactivate it. */
const ROUTE_ID = "routes/admin.users.$id";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: adminTitle(data?.user.username ?? "Usuario", matches) }];

type Intent = "role" | "password" | "deactivate" | "reactivate";

const SUCCESS: Record<Intent, string> = {
  role: "Rol cambiado",
  password: "Contraseña restablecida",
  deactivate: "Usuario desactivado",
  reactivate: "Usuario reactivado",
};

function userPath(id: number | string) {
  return `/admin/users/${id}`;
}

export const loader = (args: LoaderFunctionArgs) =>
  adminLoader(args, ROUTE_ID, async ({ admin, api, params }) => {
    const id = positiveIdParam(params.id);
    const permissions = admin.role.permissions;
    const canWrite = hasPermission(permissions, "users:write");
    const [user, roles] = await Promise.all([
      api.get(`/admin/users/${id}`, { schema: AdminUserRowSchema }),
      canWrite && hasPermission(permissions, "roles:read") ? api.get("/admin/roles", { schema: RoleListSchema }) : null,
    ]);
    return {
      user,
      roles: roles ? roles.items.map((role) => ({ id: role.id, name: role.name })) : null,
      canWrite,
      isSelf: user.id === admin.id,
    };
  });

export const action = (args: ActionFunctionArgs) =>
  adminAction(args, ROUTE_ID, async ({ api, form, params }) => {
    const id = positiveIdParam(params.id);
    const save = (intent: Intent, body: { roleId?: number; active?: boolean; password?: string }) => async () => {
      const user = await api.patch(`/admin/users/${id}`, { body, schema: AdminUserRowSchema });
      return redirectWithToast(userPath(id), { type: "success", title: SUCCESS[intent], description: successDetail(intent, user) });
    };
    return runStaffAction(form, {
      role: staffIntent(RoleFormSchema, (body) => save("role", body)(), { confirm: false }),
      // A password is never sent back to the browser, right or wrong.
      password: staffIntent(PasswordFormSchema, (body) => save("password", body)(), { confirm: false, hideFields: ["password"] }),
      deactivate: staffIntent(z.object({}), save("deactivate", { active: false })),
      reactivate: staffIntent(z.object({}), save("reactivate", { active: true })),
    });
  });

function successDetail(intent: Intent, user: AdminUserRow): string {
  switch (intent) {
    case "role":
      return `${user.username} tiene ahora el rol ${user.role.name}.`;
    case "password":
      return `Dale a ${user.username} la contraseña temporal por un canal seguro.`;
    case "deactivate":
      return `${user.username} ya no puede entrar y sus sesiones abiertas se han cerrado.`;
    case "reactivate":
      return `${user.username} puede volver a entrar.`;
  }
}

export default function AdminUserPage() {
  const { user, roles, canWrite, isSelf } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as StaffActionReply | undefined;
  const resultFor = (intent: Intent) => replyFor(reply, intent)?.result;
  const accessIntent = user.active ? "deactivate" : "reactivate";
  const location = useLocation();

  return (
    <div className="space-y-6">
      <BackLink to="/admin/users">Usuarios</BackLink>
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold tracking-tight break-all">{user.username}</h1>
        {user.active ? <Badge tone="success">Activo</Badge> : <Badge tone="neutral">Inactivo</Badge>}
        {isSelf ? <Badge tone="info">Tu cuenta</Badge> : null}
      </header>

      {reply?.confirm && reply.intent === accessIntent ? <ConfirmStep intent={accessIntent} copy={confirmCopy(accessIntent, user.username)} /> : null}

      <section aria-labelledby="datos-titulo">
        <h2 id="datos-titulo" className="sr-only">
          Datos de la cuenta
        </h2>
        <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[max-content_1fr]">
          <Detail term="Correo electrónico">
            <span className="break-all">{user.email}</span>
          </Detail>
          <Detail term="Rol">{user.role.name}</Detail>
          <Detail term="Estado">{user.active ? "Activo" : "Inactivo: no puede entrar"}</Detail>
          <Detail term="Último acceso">
            {user.lastLoginAt ? <time dateTime={isoDateTime(user.lastLoginAt)}>{formatDateTime(user.lastLoginAt)}</time> : "Nunca"}
          </Detail>
          <Detail term="Alta">
            <time dateTime={isoDateTime(user.createdAt)}>{formatDateTime(user.createdAt)}</time>
          </Detail>
        </dl>
      </section>

      {canWrite ? (
        <div className="grid gap-6 md:grid-cols-2">
          <RoleSection user={user} roles={roles} lastResult={resultFor("role")} />
          {/* Remounted after each navigation, so a password typed here never outlives its submit. */}
          <PasswordSection key={location.key} lastResult={resultFor("password")} />
          <AccessSection user={user} isSelf={isSelf} intent={accessIntent} lastResult={resultFor(accessIntent)} />
        </div>
      ) : (
        <p className="text-slate-700">Puedes ver esta cuenta, pero no cambiarla: tu rol no incluye gestionar usuarios.</p>
      )}
    </div>
  );
}
