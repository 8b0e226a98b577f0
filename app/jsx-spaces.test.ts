import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// Issue 28: a JSX child that is only a space (`words{" "}<a>`, `{a} {b}`, `<b/> {expr}`) next to
// text becomes its own text node after React's <!-- --> marker in the server's HTML, and
// Chromium's accessibility tree drops it ("Acepto lascondiciones…", "Contratar y pagar261,72 €").
// The space belongs in the words' own text: `words <a>` on one line, or a template string.
// (A space between two elements, `</time> <strong>`, has no marker next to it and is fine.)

const APP = fileURLToPath(new URL(".", import.meta.url));

function tsxFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? tsxFiles(join(dir, e.name)) : e.name.endsWith(".tsx") ? [join(dir, e.name)] : [],
  );
}

type Kind = "space" | "text" | "expression" | "element";

/** Where a lone space child sits next to text or an expression, as "file:line". */
function loneSpaces(file: string, source: string): string[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isJsxElement(node) || ts.isJsxFragment(node)) {
      const kids: { kind: Kind; node: ts.Node }[] = [];
      for (const c of node.children) {
        if (ts.isJsxText(c)) {
          // Whitespace with a line break is dropped by JSX.
          if (/^\s*$/.test(c.text)) {
            if (!c.text.includes("\n")) kids.push({ kind: "space", node: c });
          } else kids.push({ kind: "text", node: c });
        } else if (ts.isJsxExpression(c)) {
          const e = c.expression;
          if (!e) continue;
          const blank = (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) && /^\s+$/.test(e.text);
          kids.push({ kind: blank ? "space" : "expression", node: c });
        } else kids.push({ kind: "element", node: c });
      }
      kids.forEach((k, i) => {
        if (k.kind !== "space") return;
        const neighbours = [kids[i - 1], kids[i + 1]].filter(Boolean);
        if (neighbours.some((n) => n.kind === "text" || n.kind === "expression")) {
          found.push(`${relative(APP, file)}:${sf.getLineAndCharacterOfPosition(k.node.getStart()).line + 1}`);
        }
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

describe("espacios en JSX", () => {
  it("ningún espacio suelto junto a un texto (Chromium lo pierde tras la carga completa)", () => {
    const found = tsxFiles(APP).flatMap((f) => loneSpaces(f, readFileSync(f, "utf8")));
    expect(found).toEqual([]);
  });

  it("detecta los casos encontrados en la contratación y el botón de pagar", () => {
    const cases = [
      `<label>{terms} <a href="/x">condiciones</a></label>`,
      `<button>{"Pagar"} {price}</button>`,
      `<p>Tomador:{" "}\n  <a href="/x">Ana</a></p>`,
      `<p><b>x</b> {y}</p>`,
    ];
    for (const c of cases) expect(loneSpaces("x.tsx", `const x = ${c};`), c).toHaveLength(1);
    const fine = [
      `<label>{\`\${terms} \`}<a href="/x">condiciones</a></label>`,
      `<p>en la <a href="/x">política</a></p>`,
      `<p><time /> <b>x</b></p>`,
    ];
    for (const c of fine) expect(loneSpaces("x.tsx", `const x = ${c};`), c).toEqual([]);
  });
});
