import type { LoaderFunctionArgs } from "@remix-run/node";
import { adminLoader } from "~/lib/admin-route.server";
import { notFound } from "~/lib/http";
import { downloadFrom } from "~/lib/list.server";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /admin/documents/{id}/descargar: the stored bytes of one version (documents:read), as the API checked them against their hash. */
export const loader = (args: LoaderFunctionArgs) =>
  adminLoader(args, "routes/admin.documents.$id.descargar", async ({ api, params, request, headers, context }) => {
    const id = params.id ?? "";
    if (!UUID.test(id)) throw notFound();
    return downloadFrom(await api.getResponse(`/admin/documents/${id}/download`, { accept: "*/*", signal: request.signal }), headers, context);
  });
