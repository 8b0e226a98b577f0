import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { SubmitButton } from "~/components/ui/submit-button";
import { apiClient } from "~/lib/api.server";
import { getVisitor } from "~/lib/auth.server";
import { validateCsrf } from "~/lib/csrf.server";
import { clearVisitorCookie, getVisitorSession, VISITOR_TOKEN_KEY } from "~/lib/session.server";
import { redirectWithToast } from "~/lib/toast.server";
import { isTokenExpired } from "~/lib/token";
import { siteTitle } from "~/lib/page-title";

export const meta: MetaFunction = () => [{ title: siteTitle("Cerrar sesión") }];

// Signing out only happens on POST (a link or a prefetch must never sign anyone out). A GET shows
// the button, for whoever lands here by typing the address.
export async function loader({ request, context }: LoaderFunctionArgs) {
  const visitor = await getVisitor(request, context);
  if (!visitor) throw redirect("/login");
  return null;
}

/**
 * Signing out always works: POST /auth/logout revokes a live token (so a copy of it stops
 * working too; a failure is ignored), then auth_token and auth_user are cleared either way.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  await validateCsrf(request, context);
  const token = (await getVisitorSession(request, context)).get(VISITOR_TOKEN_KEY);
  if (token && !isTokenExpired(token)) {
    try {
      await apiClient(context, request, token).post("/auth/logout");
    } catch (error) {
      context.logger.info("visitor logout call failed (ignored)", {
        error: error instanceof Error ? error.message : error instanceof Response ? `HTTP ${error.status}` : String(error),
      });
    }
  }
  // The spec: after logout the visitor goes to /login, with auth_token and auth_user cleared.
  return redirectWithToast("/login", { type: "success", title: "Ha cerrado la sesión" }, { headers: { "Set-Cookie": clearVisitorCookie(context) } });
}

export default function LogoutPage() {
  return (
    <div className="container-page py-10 sm:py-14">
      <div className="max-w-md">
        <h1 className="text-3xl font-bold tracking-tight">Cerrar sesión</h1>
        <p className="mt-3 text-lg text-slate-700">¿Quiere salir de su cuenta en este dispositivo?</p>
        <Form method="post" className="mt-8 flex flex-col gap-3 sm:flex-row">
          <AuthenticityTokenInput />
          <SubmitButton pendingText="Saliendo…">Salir</SubmitButton>
          <Link to="/" className="btn-secondary">
            Volver al inicio
          </Link>
        </Form>
      </div>
    </div>
  );
}
