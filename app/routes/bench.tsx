import type { HeadersFunction, MetaFunction } from "@remix-run/node";
import { SITE_NAME } from "~/lib/page-title";

/**
 * GET /bench: the smallest page this server can render — the root's loader and shell around one
 * sentence, no loader of its own. `npm run bench` measures it as the framework's ceiling for a
 * page, against which /cotizar is compared (ADR 008). Harmless to visitors, hidden from search.
 */
export const meta: MetaFunction = () => [{ title: SITE_NAME }, { name: "robots", content: "noindex" }];

export const headers: HeadersFunction = () => ({ "X-Robots-Tag": "noindex" });

export default function BenchPage() {
  return (
    <div className="container-page py-10">
      <p>Cotiza funciona.</p>
    </div>
  );
}
