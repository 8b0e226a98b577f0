// The HTML of every page, byte for byte as the server sends it, is UTF-8 without NUL bytes
//: React 18.3.1 used to leave one to three NUL bytes where a multi-byte character did
// not fit at the end of its 2,048-byte buffer ("da\0ños" on /terminos-y-condiciones; fixed by
// patches/react-dom+18.3.1.patch, app/react-dom-server.test.tsx). Where the bytes fall depends on
// each page's length, so this walks the pages of the site — public, a signed-in visitor's and
// the back office's — and reads each answer's raw bytes, not a browser's parse of them.
import { describe, expect, it } from "vitest";
import { fetchPage, PUBLIC_PAGES, setUpSitePages } from "../support/site-pages";

const site = setUpSitePages();

/** The page's bytes exactly as sent (no compression asked for), checked: HTML, no NUL byte, valid UTF-8. */
async function expectCleanHtml(path: string, cookie?: string, status = 200) {
  const response = await fetchPage(site, path, { cookie });
  expect(response.status, `${path}: ${response.headers.get("location") ?? ""}`).toBe(status);
  expect(response.headers.get("content-type"), path).toBe("text/html; charset=utf-8");
  const bytes = new Uint8Array(await response.arrayBuffer());
  const nuls = bytes.reduce((n, byte) => (byte === 0 ? n + 1 : n), 0);
  // Soft: one run names every page that fails, not only the first.
  expect.soft(nuls, `${path}: bytes NUL`).toBe(0);
  let html = "";
  expect.soft(() => (html = new TextDecoder("utf-8", { fatal: true }).decode(bytes)), `${path}: UTF-8 válido`).not.toThrow();
  expect.soft(html.trimEnd(), path).toMatch(/<\/html>$/);
}

describe("el HTML de cada página sale en UTF-8 válido y sin bytes NUL", () => {
  it.each(PUBLIC_PAGES)("%s", (path) => expectCleanHtml(path));

  it("una página que no existe (404)", () => expectCleanHtml("/no-existe", undefined, 404));

  it("las páginas de un cliente con su póliza", async () => {
    for (const path of site.visitorPages) await expectCleanHtml(path, site.visitorCookie);
  });

  it("las páginas del back office", async () => {
    for (const path of site.adminPages) await expectCleanHtml(path, site.adminCookie);
  });
});
