import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { z } from "zod";
import {
  AdminUserListSchema,
  AdminUserRowSchema,
  CreateAdminUserSchema,
  DEFAULT_PAGE_SIZE,
  RoleListSchema,
} from "../../api/contract/admin";
import { newPasswordField, PASSWORD_MIN_LENGTH } from "../../api/contract/auth";
import { hasPermission } from "../../api/contract/permissions";
import { useZodForm } from "~/components/ui/use-zod-form";
import { Badge } from "~/components/ui/badge";
import { ErrorSummary, markSubmissionFailed, pageTitle } from "~/components/ui/error-summary";
import { Field, SelectField } from "~/components/ui/field";
import { Pagination } from "~/components/ui/pagination";
import { SubmitButton } from "~/components/ui/submit-button";
import { handleAdminApiError, requireRoutePermission } from "~/lib/admin-auth.server";
import { validateCsrf } from "~/lib/csrf.server";
import { formatDateTime, isoDateTime } from "~/lib/format";
import { redirectWithToast } from "~/lib/toast.server";
import { apiFormErrors } from "./__admin.api-errors.server";

/** /admin/users: search, the paginated list and the "Nuevo usuario" form. */
const ROUTE_ID = "routes/admin.users._index";
const LIST_PATH = "/admin/users";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle("Usuarios | Back office Cotiza", matches) }];

const CreateUserFormSchema = z.object({
  username: CreateAdminUserSchema.shape.username,
  email: CreateAdminUserSchema.shape.email,
  // The policy the API applies, checked here too so the person sees it before sending.
  password: newPasswordField("Introduce una contraseña temporal"),
  roleId: z.number({ required_error: "Elige un rol", invalid_type_error: "Elige un rol" }).int().positive("Elige un rol"),
});
const CREATE_FIELDS = ["username", "email", "password", "roleId"] as const;

function pageParam(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { admin, api, headers } = await requireRoutePermission(request, context, ROUTE_ID, "loader");
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const page = pageParam(url.searchParams.get("page"));
  const permissions = admin.role.permissions;
  const canWrite = hasPermission(permissions, "users:write");
  try {
    const [list, roles] = await Promise.all([
      api.get("/admin/users", { query: { q, page, pageSize: DEFAULT_PAGE_SIZE }, schema: AdminUserListSchema }),
      // The role select needs the roles; without roles:read the form explains why it is missing.
      canWrite && hasPermission(permissions, "roles:read") ? api.get("/admin/roles", { schema: RoleListSchema }) : null,
    ]);
    const lastPage = Math.max(1, Math.ceil(list.total / list.pageSize));
    if (page > lastPage) {
      url.searchParams.set("page", String(lastPage));
      throw redirect(`${url.pathname}?${url.searchParams}`, { headers });
    }
    return json(
      { list, roles: roles ? roles.items.map((role) => ({ id: role.id, name: role.name })) : null, q, canWrite },
      { headers },
    );
  } catch (error) {
    if (error instanceof Response) throw error;
    handleAdminApiError(error, request, context);
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  await validateCsrf(request, context, formData);
  const { api, headers } = await requireRoutePermission(request, context, ROUTE_ID, "action");
  const submission = parseWithZod(formData, { schema: CreateUserFormSchema });
  // A password is never sent back to the browser, right or wrong.
  if (submission.status !== "success") {
    markSubmissionFailed(context);
    return json(submission.reply({ hideFields: ["password"] }), { status: 400, headers });
  }
  try {
    const created = await api.post("/admin/users", { body: submission.value, schema: AdminUserRowSchema });
    return redirectWithToast(
      `${LIST_PATH}/${created.id}`,
      { type: "success", title: "Usuario creado", description: `${created.username} ya puede entrar con la contraseña temporal.` },
      { headers },
    );
  } catch (error) {
    const errors = apiFormErrors(error, CREATE_FIELDS);
    if (errors) {
      markSubmissionFailed(context);
      return json(submission.reply({ ...errors, hideFields: ["password"] }), { status: 400, headers });
    }
    handleAdminApiError(error, request, context);
  }
}

export default function UsersPage() {
  const { list, roles, q, canWrite } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.formMethod === "GET" && navigation.location.pathname === LIST_PATH;
  const totalPages = Math.max(1, Math.ceil(list.total / list.pageSize));

  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Usuarios</h1>
          <p className="mt-1 text-slate-700">Cuentas del back office, con su rol y su estado.</p>
        </div>
        {canWrite ? (
          <a href="#nuevo-usuario" className="btn-primary">
            Nuevo usuario
          </a>
        ) : null}
      </header>

      <Form method="get" role="search" aria-label="Buscar usuarios" className="flex flex-wrap items-end gap-3">
        <div className="flex min-w-0 flex-1 flex-col gap-1 sm:max-w-sm">
          <label htmlFor="buscar-usuarios" className="font-medium">
            Buscar por usuario o correo
          </label>
          <input
            id="buscar-usuarios"
            type="search"
            name="q"
            defaultValue={q}
            maxLength={100}
            className="block min-h-[44px] w-full rounded-md border-2 border-slate-600 bg-white px-3 py-2"
            autoComplete="off"
          />
        </div>
        <button type="submit" className="btn-secondary">
          {searching ? "Buscando…" : "Buscar"}
        </button>
        {q ? (
          <Link to={LIST_PATH} className="self-center">
            Quitar búsqueda
          </Link>
        ) : null}
      </Form>

      {q || list.total === 0 ? (
        <p aria-live="polite" className="text-slate-700">
          {resultSummary(list.total, q)}
        </p>
      ) : null}

      {list.items.length > 0 ? (
        <div className="relative overflow-x-auto rounded-md border border-slate-200 bg-white">
          <table className="admin-table w-full min-w-[44rem] text-left text-sm">
            <caption className="sr-only">
              Usuarios del back office, página {list.page} de {totalPages}
            </caption>
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                <th scope="col" className="px-3 py-2 font-semibold">Usuario</th>
                <th scope="col" className="px-3 py-2 font-semibold">Correo electrónico</th>
                <th scope="col" className="px-3 py-2 font-semibold">Rol</th>
                <th scope="col" className="px-3 py-2 font-semibold">Estado</th>
                <th scope="col" className="px-3 py-2 font-semibold">Último acceso</th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  <span className="sr-only">Acciones</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {list.items.map((user) => (
                <tr key={user.id}>
                  <th scope="row" className="px-3 py-2 font-medium">
                    {user.username}
                  </th>
                  <td className="px-3 py-2 break-all">{user.email}</td>
                  <td className="px-3 py-2">{user.role.name}</td>
                  <td className="px-3 py-2">
                    {user.active ? <Badge tone="success">Activo</Badge> : <Badge tone="neutral">Inactivo</Badge>}
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap">
                    {user.lastLoginAt ? <time dateTime={isoDateTime(user.lastLoginAt)}>{formatDateTime(user.lastLoginAt)}</time> : "Nunca"}
                  </td>
                  <td className="px-3 py-2 text-right">
                    <Link to={`${LIST_PATH}/${user.id}`}>
                      {canWrite ? "Gestionar" : "Ver"}
                      <span className="sr-only"> a {user.username}</span>
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}

      <Pagination page={list.page} pageSize={list.pageSize} total={list.total} itemsLabel="usuarios" />

      {canWrite ? <NewUserSection roles={roles} /> : null}
    </div>
  );
}

function resultSummary(total: number, q: string): string {
  if (total === 0) return q ? `Ningún usuario coincide con «${q}».` : "Todavía no hay usuarios.";
  const count = total === 1 ? "1 usuario" : `${total.toLocaleString("es-ES")} usuarios`;
  return q ? `${count} coinciden con «${q}».` : `${count} en total.`;
}

function NewUserSection({ roles }: { roles: { id: number; name: string }[] | null }) {
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useZodForm({
    id: "nuevo-usuario-form",
    schema: CreateUserFormSchema,
    lastResult,
  });

  return (
    <section id="nuevo-usuario" aria-labelledby="nuevo-usuario-titulo" className="max-w-xl scroll-mt-4 rounded-md border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id="nuevo-usuario-titulo" className="text-xl font-bold">
        Nuevo usuario
      </h2>
      {roles === null ? (
        <p className="mt-2 text-slate-700">
          Para crear usuarios necesitas también el permiso de ver roles, porque cada usuario necesita uno.
        </p>
      ) : (
        <Form method="post" {...getFormProps(form)} className="mt-2">
          <AuthenticityTokenInput />
          <ErrorSummary form={form} fields={[fields.username, fields.email, fields.password, fields.roleId]} />
          <Field
            label="Nombre de usuario"
            hint="Letras sin tilde, números, puntos, guiones y guiones bajos."
            meta={fields.username}
            width="sm"
            inputProps={{ autoComplete: "off", spellCheck: false, autoCapitalize: "none" }}
          />
          <Field label="Correo electrónico" type="email" meta={fields.email} inputProps={{ autoComplete: "off", spellCheck: false }} />
          <Field
            label="Contraseña temporal"
            type="password"
            hint={`Al menos ${PASSWORD_MIN_LENGTH} caracteres, que no sea una contraseña común ni su correo. Dásela por un canal seguro: podrá cambiarla en Configuración.`}
            meta={fields.password}
            width="sm"
            inputProps={{ autoComplete: "new-password" }}
          />
          <SelectField
            label="Rol"
            meta={fields.roleId}
            width="sm"
            placeholder="Elige un rol"
            options={roles.map((role) => ({ value: String(role.id), label: role.name }))}
          />
          <SubmitButton pendingText="Creando usuario…" className="mt-6">
            Crear usuario
          </SubmitButton>
        </Form>
      )}
    </section>
  );
}
