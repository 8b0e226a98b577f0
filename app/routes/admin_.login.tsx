import { getFormProps } from "@conform-to/react";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AdminLoginBodySchema } from "../../api/contract/auth";
import { SignInFields } from "~/components/account/sign-in-fields";
import { ErrorSummary } from "~/components/ui/error-summary";
import { SubmitButton } from "~/components/ui/submit-button";
import { useZodForm } from "~/components/ui/use-zod-form";
import { VoiceProvider } from "~/components/voice";
import { adminSignInCookie, getSignedInAdmin, safeAdminRedirect } from "~/lib/admin-auth.server";
import { apiClient } from "~/lib/api.server";
import { adminLoginError, InvalidAuthAnswerError, validateAuthAnswer } from "~/lib/auth-messages";
import { adminTitle } from "~/lib/page-title";
import { retryAfterHeaders } from "~/lib/retry-after";
import { signInAction } from "~/lib/sign-in.server";
import { signInFormSchema } from "~/lib/sign-in-form";

// /admin/login: the file name's trailing underscore ("admin_") keeps it out of the admin layout
// (spec 2: "all use an admin layout except the admin login") while the URL stays /admin/login.

const AdminLoginFormSchema = signInFormSchema(AdminLoginBodySchema);

export const meta: MetaFunction = ({ matches }) => [{ title: adminTitle("Iniciar sesión", matches) }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const redirectTo = safeAdminRedirect(new URL(request.url).searchParams.get("redirectTo"));
  // An admin already signed in goes to /admin; a stored session that no longer works is dropped.
  const { admin, headers } = await getSignedInAdmin(request, context);
  if (admin) throw redirect(redirectTo, { headers });
  return json({ redirectTo }, { headers });
}

/** A 429 (too many attempts from this address) keeps the API's Retry-After. */
export const headers = retryAfterHeaders();

// An answer without token or admin: 'Respuesta inválida del servidor'; a refusal: the server's
// error field, else "Error de autenticación".
const refusalMessage = (refusal: unknown) => (refusal instanceof InvalidAuthAnswerError ? refusal.message : adminLoginError(refusal));

export const action = (args: ActionFunctionArgs) =>
  signInAction(args, AdminLoginFormSchema, refusalMessage, async ({ email, password, redirectTo }) => {
    const { context, request } = args;
    const data = await apiClient(context, request).post("/admin/auth/login", { body: { email, password } });
    const answer = validateAuthAnswer(data, "admin");
    const cookie = await adminSignInCookie(request, context, answer);
    return redirect(safeAdminRedirect(redirectTo), { headers: { "Set-Cookie": cookie } });
  });

// Outside the back-office layout, the sign-in speaks "tú" as the back office does.
export default function AdminLoginPage() {
  return (
    <VoiceProvider voice="tu">
      <AdminLoginForm />
    </VoiceProvider>
  );
}

function AdminLoginForm() {
  const { redirectTo } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useZodForm({
    id: "admin-login",
    schema: AdminLoginFormSchema,
    lastResult,
  });

  return (
    <main id="contenido" className="flex flex-1 items-start justify-center bg-slate-100 px-4 py-10 sm:items-center sm:py-16">
      <div className="w-full max-w-md rounded-lg border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <p className="flex items-center gap-2 font-semibold text-brand-800">
          <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" className="h-6 w-6" fill="none">
            <path d="M12 2.5 4 5.5v6c0 5 3.4 8.9 8 10 4.6-1.1 8-5 8-10v-6l-8-3Z" fill="currentColor" className="text-brand-700" />
            <path d="m8.5 12 2.5 2.5 4.5-5" stroke="#fff" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          Cotiza · Back office
        </p>
        <h1 className="mt-4 text-2xl font-bold tracking-tight">Iniciar sesión</h1>
        <p className="mt-2 text-slate-700">Acceso para el equipo de la correduría.</p>
        <ErrorSummary form={form} fields={[fields.email, fields.password]} />
        <Form method="post" {...getFormProps(form)} noValidate>
          <SignInFields email={fields.email} password={fields.password} redirectTo={redirectTo} wide />
          <div className="mt-8">
            <SubmitButton pendingText="Entrando…" className="w-full">
              Entrar
            </SubmitButton>
          </div>
        </Form>
        {/* prettier-ignore */}
        <p className="mt-8 text-sm text-slate-600">
          ¿Buscas la web de clientes? <Link to="/" className="underline">Ir a Cotiza</Link>
        </p>
      </div>
    </main>
  );
}
