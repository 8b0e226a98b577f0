import type { LoaderFunctionArgs } from "@remix-run/node";
import { adminLoader } from "~/lib/admin-route.server";
import { positiveIdParam } from "~/lib/http";
import { downloadFrom } from "~/lib/list.server";

/** /admin/claims/{id}/ficheros/{fileId}: a file of the claim (claims:read), the stored bytes as the API checked them against their hash. */
export const loader = (args: LoaderFunctionArgs) =>
  adminLoader(args, "routes/admin.claims.$id.ficheros.$fileId", async ({ api, params, request, headers, context }) => {
    const id = positiveIdParam(params.id);
    const fileId = positiveIdParam(params.fileId);
    return downloadFrom(await api.getResponse(`/admin/claims/${id}/files/${fileId}`, { accept: "*/*", signal: request.signal }), headers, context);
  });
