import { getFormProps } from "@conform-to/react";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { parseForm } from "~/lib/parse-form.server";
import { retryAfterHeaders } from "~/lib/retry-after";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { z } from "zod";
import { LoginBodySchema } from "../../api/contract/auth";
import { useZodForm } from "~/components/ui/use-zod-form";
import { ErrorSummary } from "~/components/ui/error-summary";
import { Field } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";
import { apiClient } from "~/lib/api.server";
import { getVisitor, signInRefused, visitorSignInCookie } from "~/lib/auth.server";
import { validateAuthAnswer, visitorLoginError } from "~/lib/auth-messages";
import { validateCsrf } from "~/lib/csrf.server";
import { readFormData } from "~/lib/form-data.server";
import { claimAnonymousQuotes } from "~/lib/quote-owner.server";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { redirectWithToast } from "~/lib/toast.server";
import { siteTitle } from "~/lib/page-title";
import { markSubmissionFailed } from "~/lib/failed-submission";

const LoginFormSchema = LoginBodySchema.extend({ redirectTo: z.string().optional() });

export const meta: MetaFunction = ({ matches }) => [
  { title: siteTitle("Iniciar sesión", matches) },
  { name: "description", content: "Entre en Cotiza para ver sus cotizaciones y gestionar su póliza." },
];

/** The redirectTo of the URL when it is a same-site path, else "" (then "/" after login). */
function redirectParam(request: Request): string {
  const value = new URL(request.url).searchParams.get("redirectTo");
  return value && safeRedirectPath(value, "") !== "" ? value : "";
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const redirectTo = redirectParam(request);
  // Already signed in: nothing to do here.
  const visitor = await getVisitor(request, context);
  if (visitor) throw redirect(redirectTo || "/", { headers: visitor.headers });
  return json({ redirectTo });
}

/** A 429 (too many attempts from this address) keeps the API's Retry-After. */
export const headers = retryAfterHeaders();

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readFormData(request, context);
  await validateCsrf(request, context, formData);
  const submission = parseForm(formData, LoginFormSchema);
  if (submission.status !== "success") {
    markSubmissionFailed(context);
    return json(submission.reply({ hideFields: ["password"] }), { status: 400 });
  }
  const { email, password, redirectTo } = submission.value;
  try {
    const answer = validateAuthAnswer(await apiClient(context, request).post("/auth/login", { body: { email, password } }));
    const cookie = await visitorSignInCookie(request, context, answer);
    // Quotes made in this browser before signing in become the account's.
    await claimAnonymousQuotes(request, context, answer.token);
    return redirectWithToast(
      safeRedirectPath(redirectTo, "/"),
      { type: "success", title: `Hola, ${answer.user.name}`, description: "Ha iniciado sesión." },
      { headers: { "Set-Cookie": cookie } },
    );
  } catch (error) {
    return signInRefused(error, context, submission, { message: visitorLoginError, hideFields: ["password"] });
  }
}

export default function LoginPage() {
  const { redirectTo } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useZodForm({
    id: "login",
    schema: LoginFormSchema,
    lastResult,
  });
  const registerHref = redirectTo ? `/register?redirectTo=${encodeURIComponent(redirectTo)}` : "/register";

  return (
    <div className="container-page py-10 sm:py-14">
      <div className="max-w-md">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Iniciar sesión</h1>
        <p className="mt-3 text-lg text-slate-700">Entre para ver sus cotizaciones y gestionar su póliza.</p>
        <ErrorSummary form={form} fields={[fields.email, fields.password]} />
        <Form method="post" {...getFormProps(form)} noValidate className="mt-2">
          <AuthenticityTokenInput />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <Field
            meta={fields.email}
            label="Correo electrónico"
            type="email"
            inputProps={{ autoComplete: "username", spellCheck: false, autoCapitalize: "none" }}
          />
          <Field meta={fields.password} label="Contraseña" type="password" width="sm" inputProps={{ autoComplete: "current-password" }} />
          <p className="mt-3">
            <Link to="/recuperar-contrasena" className="underline">
              ¿Ha olvidado su contraseña?
            </Link>
          </p>
          <div className="mt-8">
            <SubmitButton pendingText="Entrando…">Entrar</SubmitButton>
          </div>
        </Form>
        {/* prettier-ignore */}
        <p className="mt-10 border-t border-slate-200 pt-6 text-slate-700">
          ¿Todavía no tiene cuenta? <Link to={registerHref} className="underline">Regístrese</Link>: solo le pedimos su nombre, su correo y una
          contraseña.
        </p>
      </div>
    </div>
  );
}
