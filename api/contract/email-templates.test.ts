import { describe, expect, it } from "vitest";
import { TEMPLATE_DEFAULTS } from "./email-template-catalogue";
import { emailTemplateDraftSchema, htmlProblems, placeholdersIn, templateProblems } from "./email-templates";
import { EMAIL_TEMPLATES } from "./vocabulary";

const OK = { subject: "Su póliza {{numero_poliza}}", text: "Hola, {{nombre_tomador}}: {{numero_poliza}}", html: "<p>Póliza {{numero_poliza}}</p>" };

describe("templateProblems", () => {
  it("acepta una plantilla con variables conocidas y las obligatorias", () => {
    expect(templateProblems("confirmacion-poliza", OK)).toEqual({});
  });

  it("rechaza una variable que no existe, nombrándola, en el campo donde está", () => {
    const problems = templateProblems("confirmacion-poliza", { ...OK, text: `${OK.text} {{numero_polisa}}` });
    expect(problems.text).toEqual(["La variable {{numero_polisa}} no existe en esta plantilla."]);
    expect(problems.html).toBeUndefined();
  });

  it("rechaza que falte una obligatoria, nombrándola, en el texto y en el HTML", () => {
    const problems = templateProblems("restablecer-contrasena", { subject: "Enlace", text: "Hola, {{nombre_tomador}}", html: "<p>Hola</p>" });
    expect(problems.text).toEqual(["Falta la variable {{enlace}}, obligatoria en esta plantilla."]);
    expect(problems.html).toEqual(["Falta la variable {{enlace}}, obligatoria en esta plantilla."]);
  });

  it("rechaza llaves sin cerrar", () => {
    for (const text of ["{{numero_poliza}", "{numero_poliza}} {{numero_poliza}}", "{{ {{numero_poliza}}"])
      expect(templateProblems("confirmacion-poliza", { ...OK, text }).text?.[0]).toMatch(/llaves sin cerrar/);
  });

  it("el asunto ocupa una línea", () => {
    expect(templateProblems("confirmacion-poliza", { ...OK, subject: "Uno\nDos" }).subject).toEqual(["El asunto ocupa una sola línea."]);
  });

  it("los textos por defecto de todas las plantillas se pueden guardar tal cual", () => {
    for (const key of EMAIL_TEMPLATES) {
      const d = TEMPLATE_DEFAULTS[key];
      expect(templateProblems(key, { subject: d.subject, text: d.text, html: `<p>${d.text}</p>` }), key).toEqual({});
      for (const name of placeholdersIn(d.text + d.subject)) expect(d.placeholders, `${key}: ${name}`).toContain(name);
    }
  });
});

describe("htmlProblems", () => {
  it("permite las etiquetas de la lista y enlaces http(s), mailto o una variable", () => {
    expect(
      htmlProblems(
        '<h2>T</h2><p>a<br><strong>b</strong> <em>c</em> <a href="https://x.es">x</a> <a href="mailto:a@b.es">m</a> <a href="{{enlace}}">e</a></p><ul><li>1</li></ul><ol><li>2</li></ol><table><thead><tr><th>a</th></tr></thead><tbody><tr><td>b</td></tr></tbody></table><h3>s</h3><br/>',
      ),
    ).toEqual([]);
  });

  it.each([
    ["<script>alert(1)</script>", /<script>/],
    ['<p onclick="x()">a</p>', /atributo onclick/],
    ['<a href="javascript:alert(1)">a</a>', /javascript:alert/],
    ["<style>p{}</style>", /<style>/],
    ['<img src="x">', /<img>/],
    ['<p style="color:red">a</p>', /atributo style/],
    ["<!-- c --><p>a</p>", /«<»/],
    ["<p>a < b</p>", /«<»/],
    ["<scr<script>ipt>", /<script>/],
  ])("rechaza %s", (html, message) => {
    expect(htmlProblems(html).join(" ")).toMatch(message);
  });
});

describe("emailTemplateDraftSchema", () => {
  it("da los mismos mensajes que la API, en su campo, y exige los tres campos", () => {
    const result = emailTemplateDraftSchema("confirmacion-poliza").safeParse({ ...OK, subject: " ", text: "{{numero_polisa}}" });
    expect(result.success).toBe(false);
    const fields = result.success ? {} : result.error.flatten().fieldErrors;
    expect(fields.subject).toEqual(["Escriba el asunto."]);
  });

  it("con los campos llenos, da las reglas de la plantilla", () => {
    const result = emailTemplateDraftSchema("confirmacion-poliza").safeParse({ ...OK, text: "{{numero_poliza}} {{numero_polisa}}" });
    expect(result.success ? {} : result.error.flatten().fieldErrors).toEqual({
      text: ["La variable {{numero_polisa}} no existe en esta plantilla."],
    });
  });
});
