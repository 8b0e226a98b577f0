import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useEffect, useRef, useState, type ChangeEvent } from "react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { z } from "zod";
import { RoleInputSchema, type Permission } from "../../api/contract/roles";
import { useZodForm } from "~/components/ui/use-zod-form";
import { ErrorSummary } from "~/components/ui/error-summary";
import { Field, FieldErrors, TextareaField } from "~/components/ui/field";
import { FormFooter } from "~/components/admin/form-footer";

/**
 * The role form shared by /admin/roles/new and /admin/roles/{id}: name, description and the
 * permission grid, one fieldset per resource group.
 *
 * "Seleccionar todo" is a real checkbox (`selectAll`, value = the group): without JavaScript,
 * ticking it grants the whole group when the form is sent; it starts unticked, so leaving it alone
 * never overrides the boxes below it. With JavaScript it also ticks or clears the group at once
 * and mirrors the group's state (ticked, or mixed when only some are).
 */
export const RoleFormSchema = z.object({
  name: RoleInputSchema.shape.name,
  description: RoleInputSchema.shape.description,
  permissions: z.array(z.string()).default([]),
  selectAll: z.array(z.string()).default([]),
});
export type RoleFormValue = z.infer<typeof RoleFormSchema>;
export const ROLE_FORM_FIELDS = ["name", "description", "permissions"] as const;

/**
 * The permission map the API expects: every catalogue entry true or false. A ticked name the
 * catalogue does not know is sent as true, so the API refuses it (400) rather than it vanishing.
 */
export function permissionMapFrom(value: RoleFormValue, catalogue: readonly Permission[], grantAll = false): Record<string, boolean> {
  const granted = new Set(value.permissions);
  const groups = new Set(value.selectAll);
  const map: Record<string, boolean> = {};
  for (const permission of catalogue) map[permission.name] = grantAll || granted.has(permission.name) || groups.has(permission.group);
  for (const name of granted) if (!(name in map)) map[name] = true;
  return map;
}

/** The catalogue by group, in catalogue order. */
export function groupPermissions(catalogue: readonly Permission[]): { group: string; permissions: Permission[] }[] {
  const groups = new Map<string, Permission[]>();
  for (const permission of catalogue) {
    const list = groups.get(permission.group) ?? [];
    list.push(permission);
    groups.set(permission.group, list);
  }
  return [...groups].map(([group, permissions]) => ({ group, permissions }));
}

const asList = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : typeof value === "string" ? [value] : [];

export type RoleFormProps = {
  catalogue: Permission[];
  lastResult: SubmissionResult<string[]> | undefined;
  defaultValue?: { name: string; description: string; permissions: Record<string, boolean> };
  /** superadmin: every box ticked and locked. */
  allLocked?: boolean;
  /** A system role keeps its name. */
  nameLocked?: boolean;
  /** Without roles:write: the form is shown but cannot be changed or sent. */
  readOnly?: boolean;
  submitLabel: string;
  pendingText: string;
  /** Sent as `intent` with the submit button (a page with several actions). */
  intent?: string;
};

export function RoleForm({
  catalogue,
  lastResult,
  defaultValue,
  allLocked = false,
  nameLocked = false,
  readOnly = false,
  submitLabel,
  pendingText,
  intent,
}: RoleFormProps) {
  const [form, fields] = useZodForm({
    id: "rol",
    schema: RoleFormSchema,
    lastResult,
    defaultValue: defaultValue ? { name: defaultValue.name, description: defaultValue.description } : undefined,
  });

  // After a refused submit, what was sent; otherwise the role's own permissions.
  const sent = lastResult?.initialValue;
  const checked = new Set<string>(
    sent
      ? [...asList(sent.permissions), ...catalogue.filter((p) => asList(sent.selectAll).includes(p.group)).map((p) => p.name)]
      : Object.entries(defaultValue?.permissions ?? {})
          .filter(([, granted]) => granted === true)
          .map(([name]) => name),
  );
  const permissionErrors = fields.permissions.errors;

  return (
    <Form method="post" {...getFormProps(form)} aria-describedby={readOnly ? "rol-solo-lectura" : undefined}>
      <AuthenticityTokenInput />
      <ErrorSummary form={form} fields={[fields.name, fields.description, fields.permissions]} />
      {readOnly ? (
        <p id="rol-solo-lectura" className="mt-4 rounded-md bg-slate-100 p-3 text-slate-800">
          Solo lectura: tu rol no incluye gestionar roles.
        </p>
      ) : null}
      <fieldset disabled={readOnly} className="min-w-0">
        {nameLocked ? (
          // A system role keeps its name: shown as text, sent unchanged.
          <div className="mt-6">
            <p className="font-semibold text-slate-900">Nombre</p>
            <p className="mt-1 text-slate-600">Los roles del sistema no se pueden renombrar.</p>
            <p className="mt-2 font-medium">{defaultValue?.name}</p>
            <input type="hidden" name={fields.name.name} value={defaultValue?.name ?? ""} />
          </div>
        ) : (
          <Field label="Nombre" meta={fields.name} width="sm" inputProps={{ autoComplete: "off" }} />
        )}
        <TextareaField label="Descripción" hint="Para qué sirve el rol, en una frase. Opcional." meta={fields.description} rows={2} />

        <fieldset
          id={fields.permissions.id}
          tabIndex={-1}
          className="mt-8 min-w-0"
          aria-describedby={`${fields.permissions.descriptionId}${permissionErrors?.length ? ` ${fields.permissions.errorId}` : ""}`}
        >
          <legend className="text-lg font-bold">Permisos</legend>
          <p id={fields.permissions.descriptionId} className="mt-1 text-slate-600">
            {allLocked
              ? "El rol superadmin tiene siempre todos los permisos: no se pueden quitar, para que nunca se quede el back office sin nadie que lo administre."
              : "Marca lo que podrá hacer quien tenga este rol; lo que no marques, no podrá hacerlo. «Seleccionar todo» concede todos los permisos de su grupo."}
          </p>
          <FieldErrors id={fields.permissions.errorId} errors={permissionErrors} className="mt-2 border-l-4 border-red-700 pl-3" />
          <div className="mt-4 grid gap-4 md:grid-cols-2">
            {groupPermissions(catalogue).map(({ group, permissions }) => (
              <PermissionGroup key={group} group={group} permissions={permissions} checked={checked} locked={allLocked} formId={form.id} />
            ))}
          </div>
        </fieldset>
      </fieldset>
      {readOnly ? null : (
        <FormFooter intent={intent} pendingText={pendingText}>
          {submitLabel}
        </FormFooter>
      )}
    </Form>
  );
}

type GroupState = "all" | "some" | "none";

function PermissionGroup({
  group,
  permissions,
  checked,
  locked,
  formId,
}: {
  group: string;
  permissions: Permission[];
  checked: Set<string>;
  locked: boolean;
  formId: string;
}) {
  const groupRef = useRef<HTMLFieldSetElement>(null);
  const selectAllRef = useRef<HTMLInputElement>(null);
  // Server render and first paint: unticked (see RoleForm). After hydration it mirrors the group.
  const [state, setState] = useState<GroupState | null>(null);
  const slug = `${formId}-${group
    .normalize("NFD")
    .replace(/[^\w]+/g, "-")
    .toLowerCase()}`;

  const boxes = () => Array.from(groupRef.current?.querySelectorAll<HTMLInputElement>('input[name="permissions"]') ?? []);
  const readState = (): GroupState => {
    const all = boxes();
    const on = all.filter((box) => box.checked).length;
    return on === 0 ? "none" : on === all.length ? "all" : "some";
  };

  useEffect(() => setState(readState()), []); // eslint-disable-line react-hooks/exhaustive-deps
  // Left uncontrolled (React would otherwise render it ticked on the server): set from the state.
  useEffect(() => {
    const box = selectAllRef.current;
    if (!box || state === null) return;
    box.checked = state === "all";
    box.indeterminate = state === "some";
  }, [state]);

  function onSelectAll(event: ChangeEvent<HTMLInputElement>) {
    for (const box of boxes()) box.checked = event.currentTarget.checked;
    setState(event.currentTarget.checked ? "all" : "none");
  }

  return (
    <fieldset
      ref={groupRef}
      className="min-w-0 rounded-md border border-slate-300 bg-white p-4"
      onChange={(event) => {
        if ((event.target as HTMLInputElement).name === "permissions") setState(readState());
      }}
    >
      <legend className="px-1 font-semibold">{group}</legend>
      {locked ? null : (
        <div className="flex items-center gap-3 border-b border-slate-200 pb-2">
          <input
            ref={selectAllRef}
            id={`${slug}-todo`}
            type="checkbox"
            name="selectAll"
            value={group}
            onChange={onSelectAll}
            className="h-5 w-5 shrink-0 accent-brand-700"
          />
          <label htmlFor={`${slug}-todo`} className="text-sm font-medium">
            Seleccionar todo<span className="sr-only"> en {group}</span>
          </label>
        </div>
      )}
      <ul className="mt-2 space-y-2">
        {permissions.map((permission) => {
          const id = `${slug}-${permission.name.replace(/[^\w]+/g, "-")}`;
          return (
            <li key={permission.name} className="flex items-start gap-3">
              <input
                id={id}
                type="checkbox"
                name="permissions"
                value={permission.name}
                defaultChecked={locked || checked.has(permission.name)}
                disabled={locked}
                aria-describedby={`${id}-desc`}
                className="mt-0.5 h-5 w-5 shrink-0 accent-brand-700"
              />
              <div className="min-w-0">
                <label htmlFor={id} className="font-mono text-sm font-medium">
                  {permission.name}
                </label>
                <p id={`${id}-desc`} className="text-sm text-slate-600">
                  {permission.description}
                </p>
              </div>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
