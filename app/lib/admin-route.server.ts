// One shape for every admin route's loader and action (ADR 010). The wrapper does what each
// route used to repeat: the CSRF check (actions), the route-table guard, the session cookie on
// the answer, and the translation of API errors:
//   400/409 on a parsed form → the form's field errors (status 400, "Error: " title)
//   401 → /admin/login · 403 → 'Acceso Denegado' · 404 → "Page Not Found" · 5xx → error page.
// A route body holds only its own work. Routes call them inside their own arrow function,
//   export const loader = (args: LoaderFunctionArgs) => adminLoader(args, ROUTE_ID, async ({ api }) => …);
// so that the browser build can drop the export: a top-level call would run in the browser.
import type { SubmissionResult } from "@conform-to/react";
import { json, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs, type TypedResponse } from "@remix-run/node";
import type { z } from "zod";
import { handleAdminApiError, requireRoutePermission, type AdminContext } from "./admin-auth.server";
import type { AdminRouteId } from "./admin-routes";
import { apiFormErrors } from "./api-errors.server";
import { validateCsrf } from "./csrf.server";
import { readFormData } from "./form-data.server";
import { parseForm } from "./parse-form.server";
import { mergeHeaders } from "./session.server";
import { markSubmissionFailed } from "~/lib/failed-submission";

export type AdminLoaderArgs = AdminContext & Pick<LoaderFunctionArgs, "request" | "context" | "params">;

/**
 * Headers of `admin` (a refreshed admin-user cookie) joined to a route's own; the route's come
 * last, so a cookie it sets (a new token after a password change) wins.
 */
function withSession(admin: AdminContext, init?: ResponseInit): ResponseInit {
  return { ...init, headers: mergeHeaders(admin.headers, init?.headers) };
}

/**
 * An admin loader: guard, then `body`; data it returns is sent as JSON with the session headers,
 * a Response (a file of a resource route) as it is. Throw redirects as usual; API errors are
 * translated here.
 */
export function adminLoader<T>(
  { request, context, params }: LoaderFunctionArgs,
  routeId: AdminRouteId,
  body: (args: AdminLoaderArgs) => Promise<T>,
): Promise<TypedResponse<Exclude<T, Response>>> {
  return (async () => {
    const admin = await requireRoutePermission(request, context, routeId, "loader");
    try {
      const result = await body({ ...admin, request, context, params });
      if (result instanceof Response) return result as never;
      return json(result as Exclude<T, Response>, withSession(admin));
    } catch (error) {
      if (error instanceof Response) throw error;
      handleAdminApiError(error, request, context);
    }
  })();
}

/** Thrown by `form.parse` (and by the wrapper for 400/409 answers): the form's failed reply. */
class FailedForm {
  constructor(readonly data: unknown) {}
}

type ReplyOptions = {
  hideFields?: string[];
  /** The API's field names the form shows beside a field (default: the fields it posted). */
  fields?: readonly string[];
};
/** Shapes the reply for routes with several forms (e.g. `{ intent, result }`). */
type Wrap = (result: SubmissionResult<string[]>) => unknown;

export type AdminForm = {
  formData: FormData;
  /**
   * Parses the form with its schema. A refused form ends the action with a 400 and the errors;
   * from then on a 400 or 409 of the API becomes this form's errors as well.
   */
  parse<S extends z.ZodTypeAny>(schema: S, options?: ReplyOptions & { wrap?: Wrap }): z.output<S>;
  /** For a form with no fields (a button): API refusals become a form-level error. */
  expectNoFields(options?: { wrap?: Wrap }): void;
  /** Ends the action with these errors on the parsed form (a refusal the route words itself). */
  fail(errors: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }): never;
};

export type AdminActionArgs = AdminContext & Pick<ActionFunctionArgs, "request" | "context" | "params"> & { form: AdminForm };

/**
 * An admin action: the form data (a bad body is a 400), the CSRF check, the guard, then `body`.
 * A Response it returns goes out with the session headers (a redirect with a toast, usually);
 * data goes out as JSON.
 */
export function adminAction<T>({ request, context, params }: ActionFunctionArgs, routeId: AdminRouteId, body: (args: AdminActionArgs) => Promise<T>) {
  return (async () => {
    const formData = await readFormData(request, context);
    await validateCsrf(request, context, formData);
    const admin = await requireRoutePermission(request, context, routeId, "action");
    let reply: ((errors: { formErrors: string[]; fieldErrors: Record<string, string[]> }) => unknown) | null = null;
    let fields: string[] = [];
    const form: AdminForm = {
      formData,
      parse(schema, options = {}) {
        const submission = parseForm(formData, schema);
        const wrap = options.wrap ?? ((result) => result);
        if (submission.status !== "success") throw new FailedForm(wrap(submission.reply({ hideFields: options.hideFields })));
        fields = options.fields ? [...options.fields] : Object.keys(submission.payload);
        reply = (errors) => wrap(submission.reply({ ...errors, hideFields: options.hideFields }));
        return submission.value;
      },
      fail(errors) {
        if (!reply) throw new Error("form.fail needs form.parse first");
        throw new FailedForm(reply({ formErrors: errors.formErrors ?? [], fieldErrors: errors.fieldErrors ?? {} }));
      },
      expectNoFields(options = {}) {
        const wrap = options.wrap ?? ((result) => result);
        fields = [];
        reply = (errors) => wrap({ status: "error", error: { "": [...errors.formErrors, ...Object.values(errors.fieldErrors).flat()] } });
      },
    };
    try {
      const result = await body({ ...admin, request, context, params, form });
      if (result instanceof Response) {
        const { status, statusText, headers } = result;
        return new Response(result.body, withSession(admin, { status, statusText, headers })) as never as TypedResponse<Exclude<T, Response>>;
      }
      return json(result as Exclude<T, Response>, withSession(admin));
    } catch (error) {
      if (error instanceof Response) throw error;
      const failed = error instanceof FailedForm ? error.data : reply ? formReply(error, fields, reply) : null;
      if (failed !== null) return failedForm(context, admin, failed) as never as TypedResponse<Exclude<T, Response>>;
      handleAdminApiError(error, request, context);
    }
  })();
}

function formReply(error: unknown, fields: string[], reply: (errors: { formErrors: string[]; fieldErrors: Record<string, string[]> }) => unknown) {
  const errors = apiFormErrors(error, fields);
  return errors ? reply(errors) : null;
}

function failedForm(context: AppLoadContext, admin: AdminContext, data: unknown) {
  markSubmissionFailed(context);
  return json(data, withSession(admin, { status: 400 }));
}
