import { describe, expect, it } from "vitest";
import { htmlWords, textWords } from "../../tests/support/mail-content";
import { EMAIL_TEMPLATES } from "../contract/vocabulary";
import { htmlProblems } from "../contract/email-templates";
import { defaultTemplate, renderTemplate } from "./email-render";

const SIGNATURE = {
  distributorName: "Cotiza Correduría de Seguros, S.L.",
  registrationNumber: "J-3921",
  address: "Calle de Alcalá 123, 28009 Madrid",
};

describe("renderTemplate", () => {
  it("rellena las variables en el asunto, el texto y el HTML, y firma las dos partes", () => {
    const r = renderTemplate(
      {
        subject: "Póliza {{numero_poliza}}",
        text: "Hola, {{nombre_tomador}}:\n\nSu póliza {{numero_poliza}}.",
        html: "<p>Hola, {{nombre_tomador}}:</p><p>Su póliza {{numero_poliza}}.</p>",
      },
      { nombre_tomador: "Ana", numero_poliza: "COT-1" },
      SIGNATURE,
    );
    expect(r.subject).toBe("Póliza COT-1");
    expect(r.text).toBe(
      "Hola, Ana:\n\nSu póliza COT-1.\n\nCotiza Correduría de Seguros, S.L.\nInscrita en el Registro de distribuidores de seguros de la DGSFP con la clave J-3921\nCalle de Alcalá 123, 28009 Madrid",
    );
    expect(r.html).toContain('<p style="margin:0 0 16px;">Hola, Ana:</p><p style="margin:0 0 16px;">Su póliza COT-1.</p>');
    expect(htmlWords(r.html)).toEqual(textWords(r.text));
  });

  it("escapa cada valor en el HTML y lo deja tal cual en el texto", () => {
    const r = renderTemplate(
      defaultTemplate("no-renovacion"),
      { nombre_tomador: '<img src=x onerror="alert(1)"> & Cía', numero_poliza: "<b>1</b>" },
      SIGNATURE,
    );
    expect(r.html).not.toContain("<img");
    expect(r.html).not.toContain("<b>1");
    expect(r.html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; Cía");
    expect(r.text).toContain('Hola, <img src=x onerror="alert(1)"> & Cía:');
    expect(r.subject).toBe("Su póliza <b>1</b> no se renovará");
  });

  it("un enlace cuyo valor no es http(s) ni mailto no sale como enlace", () => {
    const r = renderTemplate(
      { subject: "s", text: "{{enlace}}", html: '<p><a href="{{enlace}}">Abrir</a></p>' },
      { enlace: "javascript:alert(1)" },
      SIGNATURE,
    );
    expect(r.html).toContain('<a href="#"');
    expect(r.html).not.toContain('href="javascript');
  });

  it("una línea con solo una variable vacía desaparece, sin dejar hueco", () => {
    const r = renderTemplate(defaultTemplate("desistimiento"), { nombre_tomador: "Ana", frase_devolucion: "", enlace_mi_poliza: "" }, SIGNATURE);
    expect(r.text).not.toMatch(/\n\n\n/);
    expect(r.html).not.toMatch(/<p[^>]*><\/p>|<br><\/p>|<br><br>/);
  });

  it("una variable de varias líneas con «- » es una lista en el HTML", () => {
    const r = renderTemplate(
      defaultTemplate("suplemento"),
      { garantias: "- Robo: 1 €\n- Agua: 2 €", importes: "Prima neta: 3 €\nIPS: 0 €" },
      SIGNATURE,
    );
    expect(r.html).toContain(
      '<ul style="margin:0 0 16px;padding:0 0 0 22px;"><li style="margin:0 0 4px;">Robo: 1 €</li><li style="margin:0 0 4px;">Agua: 2 €</li></ul>',
    );
    expect(r.html).toContain("Prima neta: 3 €<br>IPS: 0 €");
    expect(htmlWords(r.html)).toEqual(textWords(r.text));
  });

  it("cada plantilla por defecto: su HTML pasa la validación y dice lo mismo que su texto", () => {
    for (const key of EMAIL_TEMPLATES) {
      const source = defaultTemplate(key);
      expect(htmlProblems(source.html), key).toEqual([]);
      const r = renderTemplate(
        source,
        { nombre_tomador: "Ana", numero_poliza: "COT-1", email_distribuidor: "hola@cotiza.es", enlace: "https://x.es/r?t=1" },
        SIGNATURE,
      );
      expect(htmlWords(r.html), key).toEqual(textWords(r.text));
    }
  });
});
