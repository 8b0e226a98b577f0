import type { LoaderFunctionArgs } from "@remix-run/node";
import { adminLoader } from "~/lib/admin-route.server";
import { notFound } from "~/lib/http";
import { downloadFrom } from "~/lib/list.server";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * /admin/documents/{id}/descarga: one stored document (generated or uploaded) as it was stored,
 * documents:read (ADR 037). Its own file, to merge with the documents list's pages.
 */
export const loader = (args: LoaderFunctionArgs) =>
  adminLoader(args, "routes/admin.documents.$id.descarga", async ({ api, params, request, headers, context }) => {
    const id = params.id ?? "";
    if (!UUID.test(id)) throw notFound("Documento no encontrado");
    return downloadFrom(await api.getResponse(`/admin/documents/${id}/download`, { accept: "*/*", signal: request.signal }), headers, context);
  });
