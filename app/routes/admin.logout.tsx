import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { SubmitButton } from "~/components/ui/submit-button";
import { adminApiClient, ADMIN_LOGIN_PATH, requireRoutePermission } from "~/lib/admin-auth.server";
import { adminTitle } from "~/lib/page-title";
import { validateCsrf } from "~/lib/csrf.server";
import { ADMIN_TOKEN_KEY, clearAdminCookie, getAdminSession } from "~/lib/session.server";
import { redirectWithToast } from "~/lib/toast.server";
import { isTokenExpired } from "~/lib/token";

export const meta: MetaFunction = () => [{ title: adminTitle("Cerrar sesión") }];

// A GET shows the button (for whoever types the address); signing out is a POST.
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { headers } = await requireRoutePermission(request, context, "routes/admin.logout", "loader");
  return json(null, { headers });
}

/**
 * Signing out always works: POST /admin/auth/logout revokes the token when there is a live one
 * (its failure is ignored, spec 7), then admin-token and admin-user are cleared either way. That
 * is why this action does not demand a valid session first (its table entry needs no permission).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  await validateCsrf(request, context);
  const token = (await getAdminSession(request, context)).get(ADMIN_TOKEN_KEY);
  if (token && !isTokenExpired(token)) {
    try {
      await adminApiClient(context, request, token).post("/admin/auth/logout");
    } catch (error) {
      context.logger.info("admin logout call failed (ignored)", {
        error: error instanceof Error ? error.message : error instanceof Response ? `HTTP ${error.status}` : String(error),
      });
    }
  }
  return redirectWithToast(
    ADMIN_LOGIN_PATH,
    { type: "success", title: "Has cerrado la sesión" },
    { headers: { "Set-Cookie": clearAdminCookie(context) } },
  );
}

export default function AdminLogoutPage() {
  return (
    <>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Cerrar sesión</h1>
      <p className="mt-2 text-slate-700">¿Quieres salir del back office en este dispositivo?</p>
      <Form method="post" className="mt-6 flex flex-col gap-3 sm:flex-row">
        <AuthenticityTokenInput />
        <SubmitButton pendingText="Cerrando sesión…">Cerrar sesión</SubmitButton>
        <Link to="/admin" className="btn-secondary">
          Volver al panel
        </Link>
      </Form>
    </>
  );
}
