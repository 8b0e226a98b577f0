import type { OpenApiDocument } from "./openapi-document";

type Operation = {
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: Array<{ name: string; in: string; required?: boolean; description?: string; schema?: unknown }>;
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: unknown }> }>;
  security?: unknown[];
};

const escape = (text: string) => text.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);

const json = (value: unknown) => `<pre>${escape(JSON.stringify(value, null, 2))}</pre>`;

/**
 * A readable reference page of the OpenAPI document that /openapi.json serves.
 * Server-rendered with no scripts, so it works under the site's CSP and without JavaScript.
 */
export function renderApiDocs(doc: OpenApiDocument): string {
  const byTag = new Map<string, string[]>();
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, raw] of Object.entries(item as Record<string, Operation>)) {
      const op = raw as Operation;
      const tag = op.tags?.[0] ?? "General";
      const params = (op.parameters ?? [])
        .map(
          (p) =>
            `<li><code>${escape(p.name)}</code> (${escape(p.in)}${p.required ? ", obligatorio" : ""})${p.description ? ` — ${escape(p.description)}` : ""}</li>`,
        )
        .join("");
      const body = op.requestBody?.content?.["application/json"]?.schema;
      const responses = Object.entries(op.responses ?? {})
        .map(([status, r]) => {
          const schema = r.content?.["application/json"]?.schema;
          return `<li><strong>${escape(status)}</strong> ${escape(r.description ?? "")}${schema ? `<details><summary>Esquema</summary>${json(schema)}</details>` : ""}</li>`;
        })
        .join("");
      const section = `<section class="op" id="${escape(`${method}-${path}`)}">
<h3><span class="method ${escape(method)}">${escape(method.toUpperCase())}</span> <code>${escape(path)}</code></h3>
${op.summary ? `<p>${escape(op.summary)}</p>` : ""}${op.description ? `<p>${escape(op.description)}</p>` : ""}
${op.security?.length ? `<p class="auth">Requiere <code>Authorization: Bearer &lt;token&gt;</code>.</p>` : ""}
${params ? `<h4>Parámetros</h4><ul>${params}</ul>` : ""}
${body ? `<h4>Cuerpo (JSON)</h4>${json(body)}` : ""}
<h4>Respuestas</h4><ul>${responses}</ul>
</section>`;
      byTag.set(tag, [...(byTag.get(tag) ?? []), section]);
    }
  }
  const schemas = doc.components?.schemas ?? {};
  const toc = [...byTag.keys()].map((tag) => `<li><a href="#tag-${escape(tag)}">${escape(tag)}</a></li>`).join("");
  return `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Referencia de la API | Cotiza</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;color:#0f172a;line-height:1.5}
main{max-width:60rem;margin:0 auto;padding:1rem}
h1{font-size:1.75rem}h2{border-bottom:1px solid #cbd5e1;margin-top:2rem}
.op{border:1px solid #e2e8f0;border-radius:.5rem;padding:.75rem 1rem;margin:1rem 0}
.method{display:inline-block;min-width:4.5rem;text-align:center;border-radius:.25rem;color:#fff;background:#334155;font-size:.85rem;padding:.1rem .4rem}
.get{background:#1d4ed8}.post{background:#166534}.put,.patch{background:#92400e}.delete{background:#b91c1c}
pre{background:#f1f5f9;padding:.75rem;overflow:auto;font-size:.8rem}
a{color:#1e40af}
</style></head>
<body><main>
<h1>Referencia de la API de Cotiza</h1>
<p>${escape(String(doc.info?.description ?? ""))}</p>
<p>Documento OpenAPI 3: <a href="/api/openapi.json">/api/openapi.json</a>. Todas las rutas son relativas a <code>/api</code>.</p>
<nav aria-label="Secciones"><ul>${toc}</ul></nav>
${[...byTag.entries()].map(([tag, ops]) => `<h2 id="tag-${escape(tag)}">${escape(tag)}</h2>${ops.join("")}`).join("")}
${
  Object.keys(schemas).length
    ? `<h2 id="esquemas">Esquemas</h2>${Object.entries(schemas)
        .map(([name, s]) => `<h3 id="schema-${escape(name)}">${escape(name)}</h3>${json(s)}`)
        .join("")}`
    : ""
}
</main></body></html>`;
}
