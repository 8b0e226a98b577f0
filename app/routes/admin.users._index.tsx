import { getFormProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { adminTitle } from "~/lib/page-title";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { z } from "zod";
import {
  AdminUserListQuerySchema,
  AdminUserListSchema,
  AdminUserRowSchema,
  CreateAdminUserSchema,
  type AdminUserRow,
} from "../../api/contract/admin-users";
import { newPasswordField, PASSWORD_MIN_LENGTH } from "../../api/contract/auth";
import { hasPermission } from "../../api/contract/permissions";
import { RoleListSchema } from "../../api/contract/roles";
import type { Column } from "~/components/list/data-table";
import type { FilterDef } from "~/components/list/filter-bar";
import { CsvLink, ListView } from "~/components/list/list-view";
import { Badge } from "~/components/ui/badge";
import { ErrorSummary } from "~/components/ui/error-summary";
import { Field, SelectField } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";
import { useZodForm } from "~/components/ui/use-zod-form";
import { adminAction, adminLoader } from "~/lib/admin-route.server";
import { formatDateTime, isoDateTime } from "../../api/contract/format";
import { assertPageInRange, readListQuery } from "~/lib/list.server";
import { redirectWithToast } from "~/lib/toast.server";

/** /admin/users: search, the paginated list and the "Nuevo usuario" form. */
const ROUTE_ID = "routes/admin.users._index";
const LIST_PATH = "/admin/users";

export const meta: MetaFunction = ({ matches }) => [{ title: adminTitle("Usuarios", matches) }];

const CreateUserFormSchema = z.object({
  username: CreateAdminUserSchema.shape.username,
  email: CreateAdminUserSchema.shape.email,
  // The policy the API applies, checked here too so the person sees it before sending.
  password: newPasswordField("Introduce una contraseña temporal"),
  roleId: z.number({ required_error: "Elige un rol", invalid_type_error: "Elige un rol" }).int().positive("Elige un rol"),
});

export const loader = (args: LoaderFunctionArgs) =>
  adminLoader(args, ROUTE_ID, async ({ admin, api, request, headers }) => {
    const permissions = admin.role.permissions;
    const canWrite = hasPermission(permissions, "users:write");
    // The role filter and the "Nuevo usuario" form need the roles; without roles:read they are left out.
    const rolesPromise = hasPermission(permissions, "roles:read") ? api.get("/admin/roles", { schema: RoleListSchema }) : null;
    const read = readListQuery(request, AdminUserListQuerySchema, headers);
    const [list, roles] = await Promise.all([
      read.ok ? api.get(LIST_PATH, { query: read.query, schema: AdminUserListSchema, signal: request.signal }) : null,
      rolesPromise,
    ]);
    if (list) assertPageInRange(request, list, headers);
    return {
      list,
      filters: read.filters,
      filterResult: read.ok ? null : read.filterResult,
      roles: roles ? roles.items.map((role) => ({ id: role.id, name: role.name })) : null,
      canWrite,
    };
  });

export const action = (args: ActionFunctionArgs) =>
  adminAction(args, ROUTE_ID, async ({ api, form }) => {
    // A password is never sent back to the browser, right or wrong.
    const values = form.parse(CreateUserFormSchema, { hideFields: ["password"] });
    const created = await api.post(LIST_PATH, { body: values, schema: AdminUserRowSchema });
    return redirectWithToast(`${LIST_PATH}/${created.id}`, {
      type: "success",
      title: "Usuario creado",
      description: `${created.username} ya puede entrar con la contraseña temporal.`,
    });
  });

const STATUS_OPTIONS = [
  { value: "true", label: "Activos" },
  { value: "false", label: "Inactivos" },
];

function columns(canWrite: boolean): Column<AdminUserRow>[] {
  return [
    { id: "username", header: "Usuario", sortKey: "username", rowHeader: true, cell: (user) => user.username },
    { id: "email", header: "Correo electrónico", sortKey: "email", className: "break-all", cell: (user) => user.email },
    { id: "role", header: "Rol", sortKey: "role", cell: (user) => user.role.name },
    {
      id: "active",
      header: "Estado",
      cell: (user) => (user.active ? <Badge tone="success">Activo</Badge> : <Badge tone="neutral">Inactivo</Badge>),
    },
    {
      id: "lastLoginAt",
      header: "Último acceso",
      sortKey: "lastLoginAt",
      firstDir: "desc",
      className: "whitespace-nowrap",
      cell: (user) => (user.lastLoginAt ? <time dateTime={isoDateTime(user.lastLoginAt)}>{formatDateTime(user.lastLoginAt)}</time> : "Nunca"),
    },
    {
      id: "actions",
      header: <span className="sr-only">Acciones</span>,
      align: "end",
      cell: (user) => (
        <Link to={`${LIST_PATH}/${user.id}`}>
          {canWrite ? "Gestionar" : "Ver"}
          <span className="sr-only"> a {user.username}</span>
        </Link>
      ),
    },
  ];
}

export default function UsersPage() {
  const { list, filters, filterResult, roles, canWrite } = useLoaderData<typeof loader>();
  const filterDefs: FilterDef[] = [
    { name: "q", label: "Buscar", hint: "Usuario o correo.", kind: "search" },
    ...(roles
      ? [
          {
            name: "roleId",
            label: "Rol",
            kind: "select" as const,
            placeholder: "Todos",
            options: roles.map((role) => ({ value: String(role.id), label: role.name })),
          },
        ]
      : []),
    { name: "active", label: "Estado", kind: "select", placeholder: "Todos", options: STATUS_OPTIONS },
  ];

  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Usuarios</h1>
          <p className="mt-1 text-slate-700">Cuentas del back office, con su rol y su estado.</p>
        </div>
        <div className="flex flex-wrap gap-3">
          {list ? <CsvLink path="/admin/users.csv" /> : null}
          {canWrite ? (
            <a href="#nuevo-usuario" className="btn-primary">
              Nuevo usuario
            </a>
          ) : null}
        </div>
      </header>

      <ListView
        list={list}
        itemsLabel="usuarios"
        caption="Usuarios del back office"
        columns={columns(canWrite)}
        rowKey={(user) => user.id}
        empty={<p>Todavía no hay usuarios.{canWrite ? " Crea el primero con el formulario de abajo." : ""}</p>}
        filters={{ id: "filtros-usuarios", label: "Buscar usuarios", defs: filterDefs, values: filters, lastResult: filterResult }}
      />

      {canWrite ? <NewUserSection roles={roles} /> : null}
    </div>
  );
}

function NewUserSection({ roles }: { roles: { id: number; name: string }[] | null }) {
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useZodForm({
    id: "nuevo-usuario-form",
    schema: CreateUserFormSchema,
    lastResult,
  });

  return (
    <section
      id="nuevo-usuario"
      aria-labelledby="nuevo-usuario-titulo"
      className="max-w-xl scroll-mt-4 rounded-md border border-slate-200 bg-white p-4 sm:p-6"
    >
      <h2 id="nuevo-usuario-titulo" className="text-xl font-bold">
        Nuevo usuario
      </h2>
      {roles === null ? (
        <p className="mt-2 text-slate-700">Para crear usuarios necesitas también el permiso de ver roles, porque cada usuario necesita uno.</p>
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
