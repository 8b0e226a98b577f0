import { json, type LoaderFunctionArgs } from "@remix-run/node";
import "~/lib/load-context";

/**
 * GET /version.json: the build this server runs, for <NewVersionNotice> (app/components/
 * release-guard.tsx). Never cached, so an open tab sees a deploy on its next check.
 */
export async function loader({ context }: LoaderFunctionArgs) {
  return json({ version: context.buildVersion }, { headers: { "Cache-Control": "no-store" } });
}
