import { describe, expect, it } from "vitest";
import { htmlWords, textWords } from "../../tests/support/mail-content";
import { escapeHtml, layoutEmail, sentence } from "./email-layout";

const SIGNATURE = {
  distributorName: "Cotiza Correduría de Seguros, S.L.",
  registrationNumber: "J-3921",
  address: "Calle de Alcalá 123, 4.º, 28009 Madrid",
};

const BODY = [
  "Hola, Ana:",
  "",
  "Su póliza COT-2026-000001 está en vigor.",
  "Fecha de efecto: 11/03/2026",
  "",
  "Le adjuntamos estos documentos, que también puede descargar desde Mi póliza:",
  "https://seguros.example.es/mi-poliza/7",
  "- Condiciones particulares (condiciones-particulares-COT-2026-000001.pdf)",
  "- Recibo n.º 1 (recibo-COT-2026-000001-1.pdf)",
  "",
  "Si tiene cualquier duda, escríbanos a hola@cotiza.es.",
].join("\n");

describe("layoutEmail", () => {
  const { text, html } = layoutEmail("Su póliza COT-2026-000001", BODY, SIGNATURE);

  it("firma el texto con el nombre del distribuidor, su clave de la DGSFP y su dirección", () => {
    expect(text.startsWith("Hola, Ana:\n\nSu póliza")).toBe(true);
    expect(
      text.endsWith(
        "\n\nCotiza Correduría de Seguros, S.L.\nInscrita en el Registro de distribuidores de seguros de la DGSFP con la clave J-3921\nCalle de Alcalá 123, 4.º, 28009 Madrid",
      ),
    ).toBe(true);
  });

  it("la parte HTML dice lo mismo que la de texto, palabra por palabra", () => {
    expect(htmlWords(html)).toEqual(textWords(text));
  });

  it("maqueta con tablas y estilos en línea, en español, con el asunto como título", () => {
    expect(html).toMatch(/^<!DOCTYPE html>\n<html lang="es">/);
    expect(html).toContain("<title>Su póliza COT-2026-000001</title>");
    expect(html).toContain('<table role="presentation"');
    expect(html).not.toMatch(/<style|<link|<script|class=/);
    expect(html).toContain('<strong style="color:#0f172a;">Cotiza Correduría de Seguros, S.L.</strong>');
    expect(html).toContain('<ul style="margin:0 0 16px;padding:0 0 0 22px;"><li style="margin:0 0 4px;">Condiciones particulares');
  });

  it("cada dirección es un enlace sencillo que se muestra tal cual, sin el punto final", () => {
    expect(html).toContain(
      '<a href="https://seguros.example.es/mi-poliza/7" style="color:#1e40af;text-decoration:underline;">https://seguros.example.es/mi-poliza/7</a>',
    );
    expect(html).toContain('<a href="mailto:hola@cotiza.es" style="color:#1e40af;text-decoration:underline;">hola@cotiza.es</a>.');
  });

  it("escapa todo lo que viene de fuera: nombres, motivos, asunto y firma", () => {
    const hostile = layoutEmail('<b>"Asunto"</b>', "Motivo: <script>alert('x')</script> & más\n- <img src=x onerror=alert(1)>", {
      ...SIGNATURE,
      distributorName: "A & B <S.L.>",
    });
    expect(hostile.html).not.toMatch(/<script|<img|<b>/);
    expect(hostile.html).toContain("Motivo: &lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; más");
    expect(hostile.html).toContain("<title>&lt;b&gt;&quot;Asunto&quot;&lt;/b&gt;</title>");
    expect(hostile.html).toContain("A &amp; B &lt;S.L.&gt;");
    expect(htmlWords(hostile.html)).toEqual(textWords(hostile.text));
  });

  it("un enlace no puede salirse de su atributo", () => {
    const { html: linked } = layoutEmail("x", 'Vea https://example.es/a?b=1&c="x" ahora', SIGNATURE);
    expect(linked).toContain('<a href="https://example.es/a?b=1&amp;c=" style=');
    expect(escapeHtml(`"'<>&`)).toBe("&quot;&#39;&lt;&gt;&amp;");
  });
});

describe("sentence", () => {
  it("termina en un solo punto: «S.L.» no lleva otro", () => {
    expect(sentence("Cotiza Correduría de Seguros, S.L.")).toBe("Cotiza Correduría de Seguros, S.L.");
    expect(sentence("Cotiza")).toBe("Cotiza.");
    expect(sentence("¿Seguro?")).toBe("¿Seguro?");
    expect(`con ${sentence("Seguros, S.L.")} Su póliza`).not.toContain("..");
  });
});
