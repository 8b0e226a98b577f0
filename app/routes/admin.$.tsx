import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRoutePermission } from "~/lib/admin-auth.server";
import { notFound } from "~/lib/http";

// Any /admin address no other route takes: inside the admin layout, so the 404 page keeps the back
// office around it. Staff only: anyone else is sent to /admin/login as by every admin page.
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRoutePermission(request, context, "routes/admin.$", "loader");
  throw notFound("Página no encontrada");
}

export default function AdminNotFoundPage() {
  return null;
}
