import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support";

// The accessibility check every page spec relies on (tests/e2e/support.ts) must itself find what
// fails, with JavaScript on and off (there through its no-hydration copy of the page): a page
// with a field without a name and an image without a text alternative, then the same page mended.
const html = (body: string) =>
  `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Prueba de accesibilidad</title></head><body><main><h1>Prueba</h1>${body}</main></body></html>`;

test("la comprobación de accesibilidad señala un campo sin nombre y una imagen sin texto alternativo, y no una página correcta", async ({
  page: tab,
  baseURL,
}) => {
  let body = html('<img src="/favicon.ico"><input type="text" name="nombre">');
  const url = `${baseURL}/prueba-de-accesibilidad`;
  await tab.route(url, (route) => route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body }));
  await tab.goto(url);
  const failure = await expectNoSeriousA11yViolations(tab).then(
    () => null,
    (error: Error) => error.message,
  );
  expect(failure).toContain("image-alt");
  expect(failure).toContain("label");

  body = html('<img src="/favicon.ico" alt="Icono de Cotiza"><label>Nombre <input type="text" name="nombre"></label>');
  await tab.goto(url);
  await expectNoSeriousA11yViolations(tab);
});
