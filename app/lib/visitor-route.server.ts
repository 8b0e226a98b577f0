// One shape for every visitor route's loader and action (ADR 026), as adminLoader/adminAction are
// for the back office (ADR 010). The wrapper does what each route used to repeat:
//   actions: the body read (a bad body is a 400/415), the CSRF check, the form parse (a refused
//   form → 400 with the reply, "Error: " title), the API's refusal of a parsed form → the form's
//   errors (400/409/422 by default: the field errors beside their fields; 429 keeps its status
//   and Retry-After), and the same for a route's own refusals (`form.refuse`);
//   both: the visitor's session cookie (a refreshed auth_user) on the answer, and an API 401 or
//   an expired session → the session cleared and /login?redirectTo=<this page>.
// A route body holds only its own work. Routes call them inside their own arrow function,
//   export const loader = (args: LoaderFunctionArgs) => visitorLoader(args, async ({ requireVisitor }) => …);
// so that the browser build can drop the export: a top-level call would run in the browser.
import type { SubmissionResult } from "@conform-to/react";
import { json, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs, type TypedResponse } from "@remix-run/node";
import type { Submission } from "@conform-to/zod";
import type { z } from "zod";
import { apiFormErrors, refusalInit, type FormErrors } from "./api-errors.server";
import { ApiError } from "./api.server";
import { getVisitor, loginPathReturningTo, requireVisitor, visitorSignOutRedirect, type Visitor } from "./auth.server";
import { validateCsrf } from "./csrf.server";
import { readFormData } from "./form-data.server";
import { BOT_TRAP_MESSAGE, caughtByHoneypot } from "./honeypot.server";
import { parseForm } from "./parse-form.server";
import { mergeHeaders } from "./session.server";
import { mentionsExpiredSession } from "./token";
import { markSubmissionFailed } from "~/lib/failed-submission";

type Args = Pick<LoaderFunctionArgs, "request" | "context" | "params">;

/** The session, looked up when the route asks; its cookie headers go on the wrapper's answer. */
export type VisitorSession = {
  /** The signed-in visitor, or null (a session that no longer works: the login page). */
  getVisitor(): Promise<Visitor | null>;
  /** The signed-in visitor, or the login page that brings them back here. */
  requireVisitor(): Promise<Visitor>;
  /** Headers for the answer (a helper's session cookie, its Cache-Control), as a Response's would be. */
  addHeaders(init: HeadersInit): void;
};

export type VisitorLoaderArgs = Args & VisitorSession & { url: URL };

type Options = {
  /** `Cache-Control: private, no-store` on the answer: a page of one person's data. */
  private?: boolean;
  /** Signed-in visitors only, checked before anything else (else the login page that comes back here). */
  signedIn?: boolean;
};

function session(request: Request, context: AppLoadContext, headers: Headers): VisitorSession {
  const record = (visitor: Visitor | null) => {
    if (visitor)
      for (const cookie of visitor.headers.getSetCookie()) if (!headers.getSetCookie().includes(cookie)) headers.append("Set-Cookie", cookie);
    return visitor;
  };
  return {
    getVisitor: async () => record(await getVisitor(request, context)),
    requireVisitor: async () => record(await requireVisitor(request, context))!,
    addHeaders: (init) => {
      const merged = mergeHeaders(headers, init);
      for (const key of [...headers.keys()]) headers.delete(key);
      merged.forEach((value, key) => key.toLowerCase() !== "set-cookie" && headers.set(key, value));
      for (const cookie of merged.getSetCookie()) headers.append("Set-Cookie", cookie);
    },
  };
}

function answerInit(sessionHeaders: Headers, options: Options, init?: ResponseInit): ResponseInit {
  const headers = mergeHeaders(sessionHeaders, init?.headers);
  if (options.private) headers.set("Cache-Control", "private, no-store");
  return { ...init, headers };
}

/** API 401 and an expired session: signed out, then back here after signing in again. */
function signedOut(error: unknown, request: Request, context: AppLoadContext): Response | null {
  if ((error instanceof ApiError && error.status === 401) || mentionsExpiredSession(error)) {
    return visitorSignOutRedirect(context, loginPathReturningTo(request));
  }
  return null;
}

/**
 * A visitor loader: `body`'s data is sent as JSON with the session's cookie headers (and
 * `private`'s Cache-Control), a Response as it is. Throw redirects and 404s as usual.
 */
export function visitorLoader<T>(
  { request, context, params }: LoaderFunctionArgs,
  body: (args: VisitorLoaderArgs) => Promise<T>,
  options: Options = {},
): Promise<TypedResponse<Exclude<T, Response>>> {
  return (async () => {
    const headers = new Headers();
    const visitorSession = session(request, context, headers);
    try {
      if (options.signedIn) await visitorSession.requireVisitor();
      const result = await body({ request, context, params, url: new URL(request.url), ...visitorSession });
      if (result instanceof Response) return result as never;
      return json(result as Exclude<T, Response>, answerInit(headers, options));
    } catch (error) {
      if (error instanceof Response) throw error;
      throw signedOut(error, request, context) ?? error;
    }
  })();
}

/** Thrown by the form's methods: the failed reply and how to answer it. */
class FailedForm {
  constructor(
    readonly data: unknown,
    readonly init: ResponseInit,
  ) {}
}

/**
 * How a route words the API's refusal of its form: errors for the form, the status (429 stays a
 * 429 with its Retry-After), and the reply's shape if not the form's usual. `null`: not a refusal
 * this form shows (the wrapper's defaults apply). Throw a Response (a 404) to end there.
 */
export type Refusal = Partial<FormErrors> & { status?: number; wrap?: Wrap };
/** Shapes the reply for routes with several forms (e.g. `{ intent, result }`). */
type Wrap = (result: SubmissionResult<string[]>) => unknown;

type CheckOptions<V> = {
  hideFields?: readonly string[];
  /** The API's field names the form shows beside a field (default: the fields it posted). */
  fields?: readonly string[];
  wrap?: Wrap;
  /** A filled-in bot trap (~/lib/honeypot.server): the same form, values kept, a plain message. */
  honeypot?: boolean;
  /** The route's own wording of an API refusal (else 400/409/422/429 → the form's errors, 400). */
  refusal?: (error: unknown, value: V) => Refusal | null;
};

export type VisitorForm = {
  formData: FormData;
  /**
   * Parses the form with its schema. A refused form ends the action with a 400 and the errors;
   * from then on an API refusal becomes this form's errors as well.
   */
  parse<S extends z.ZodTypeAny>(schema: S, options?: CheckOptions<z.output<S>>): z.output<S>;
  /** `parse` for a submission the route parsed itself (a schema chosen by a field of the form). */
  check<V>(submission: Submission<unknown, string[], V>, options?: CheckOptions<V>): V;
  /** Ends the action with this reply of a failed submission (a refusal the route words itself). */
  refuse(data: unknown, init?: ResponseInit): never;
};

export type VisitorActionArgs = Args & VisitorSession & { form: VisitorForm };

const FORM_STATUSES = new Set([400, 409, 422, 429]);

/**
 * A visitor action: the form data (a bad body is a 400), the CSRF check, then `body`. A Response
 * it returns goes out with the session's cookie headers (a redirect with a toast, usually); data
 * goes out as JSON. A failed submission answers its reply with the "Error: " title.
 */
export function visitorAction<T>(
  { request, context, params }: ActionFunctionArgs,
  body: (args: VisitorActionArgs) => Promise<T>,
  options: Options = {},
) {
  return (async () => {
    const headers = new Headers();
    const visitorSession = session(request, context, headers);
    if (options.signedIn) await visitorSession.requireVisitor();
    const formData = await readFormData(request, context);
    await validateCsrf(request, context, formData);
    let refused: ((error: unknown) => FailedForm | null) | null = null;
    const form: VisitorForm = {
      formData,
      parse(schema, checkOptions) {
        return form.check(parseForm(formData, schema), checkOptions);
      },
      check(submission, checkOptions = {}) {
        const hideFields = checkOptions.hideFields ? [...checkOptions.hideFields] : undefined;
        const wrap = checkOptions.wrap ?? ((result) => result);
        if (checkOptions.honeypot && caughtByHoneypot(formData, context, request)) {
          throw new FailedForm(wrap(submission.reply({ formErrors: [BOT_TRAP_MESSAGE], hideFields })), { status: 400 });
        }
        if (submission.status !== "success") throw new FailedForm(wrap(submission.reply({ hideFields })), { status: 400 });
        const value = submission.value;
        const fields = checkOptions.fields ? [...checkOptions.fields] : Object.keys(submission.payload);
        refused = (error) => {
          const refusal = checkOptions.refusal ? checkOptions.refusal(error, value) : defaultRefusal(error, fields);
          if (!refusal) return null;
          const result = submission.reply({ formErrors: refusal.formErrors, fieldErrors: refusal.fieldErrors, hideFields });
          return new FailedForm((refusal.wrap ?? wrap)(result), refusalInit(error, refusal.status ?? 400));
        };
        return value;
      },
      refuse(data, init = { status: 400 }) {
        throw new FailedForm(data, init);
      },
    };
    try {
      const result = await body({ request, context, params, form, ...visitorSession });
      if (result instanceof Response) {
        const { status, statusText } = result;
        return new Response(result.body, answerInit(headers, options, { status, statusText, headers: result.headers })) as never as TypedResponse<
          Exclude<T, Response>
        >;
      }
      return json(result as Exclude<T, Response>, answerInit(headers, options));
    } catch (error) {
      if (error instanceof Response) throw error;
      const failed = error instanceof FailedForm ? error : refused ? (refused as (error: unknown) => FailedForm | null)(error) : null;
      if (failed) {
        markSubmissionFailed(context);
        return json(failed.data, answerInit(headers, options, failed.init)) as never as TypedResponse<Exclude<T, Response>>;
      }
      throw signedOut(error, request, context) ?? error;
    }
  })();
}

function defaultRefusal(error: unknown, fields: string[]): Refusal | null {
  const errors = apiFormErrors(error, fields, FORM_STATUSES);
  return errors ? { ...errors, status: error instanceof ApiError && error.status === 422 ? 422 : 400 } : null;
}
