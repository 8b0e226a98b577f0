import SwaggerParser from "@apidevtools/swagger-parser";
import { describe, expect, it } from "vitest";
import { memoryLogger, startTestServer, testServerForFile } from "../support/server";
import { formPage, webSignIn } from "../support/web-forms";

const logger = memoryLogger();

const env = testServerForFile({ logger });

const get = (path: string, init?: RequestInit) => fetch(env.server.url + path, { redirect: "manual", ...init });

describe("el servidor", () => {
  it("/healthz responde 200 y /readyz 200 con la base de datos disponible", async () => {
    expect((await get("/healthz")).status).toBe(200);
    const ready = await get("/readyz");
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready" });
  });

  it("sirve la portada en español con las cabeceras de seguridad y CSP con nonce", async () => {
    const response = await get("/");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<html lang="es"');
    const csp = response.headers.get("content-security-policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).toContain("frame-ancestors 'none'");
    // Every inline script of the page carries this request's nonce.
    const inlineScripts = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)];
    expect(inlineScripts.length).toBeGreaterThan(0);
    for (const [, attrs] of inlineScripts) expect(attrs).toContain(`nonce="${nonce}"`);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBeTruthy();
    expect(response.headers.get("x-frame-options")).toBe("DENY");
  });

  it("usa un nonce distinto en cada petición", async () => {
    const a = (await get("/")).headers.get("content-security-policy");
    const b = (await get("/")).headers.get("content-security-policy");
    expect(a).not.toBe(b);
  });

  it("comprime el HTML y sirve los recursos compilados con caché inmutable", async () => {
    const page = await get("/", { headers: { "accept-encoding": "gzip" } });
    expect(page.headers.get("content-encoding")).toBe("gzip");
    const html = await page.text();
    const asset = /(\/build\/[^"]+\.js)/.exec(html)?.[1];
    expect(asset).toBeTruthy();
    const response = await get(asset!);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  it("sirve los ficheros públicos con una hora de caché, y solo a GET y HEAD", async () => {
    const favicon = await get("/favicon.svg");
    expect(favicon.status).toBe(200);
    expect(favicon.headers.get("content-type")).toContain("image/svg+xml");
    expect(favicon.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(await (await get("/robots.txt")).text()).toContain("User-agent");
    expect((await get("/favicon.svg", { method: "HEAD" })).status).toBe(200);
    const posted = await get("/favicon.svg", { method: "POST" });
    expect(posted.headers.get("content-type") ?? "").not.toContain("image/svg+xml");
  });

  it("una URL desconocida responde 404 con «Page Not Found», título en español y enlaces para seguir", async () => {
    const response = await get("/no-existe");
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain("<title>Página no encontrada | Cotiza</title>");
    expect(html).toMatch(/<h1[^>]*><span lang="en">Page Not Found<\/span><\/h1>/);
    expect(html).toContain("La página que busca no existe o ha cambiado de dirección. Compruebe la dirección o siga por uno de estos enlaces.");
    for (const [href, label] of [
      ["/", "Volver al inicio"],
      ["/cotizar", "Calcular el precio de un seguro"],
      ["/mi-poliza", "Mi póliza"],
    ]) {
      expect(html).toMatch(new RegExp(`<a [^>]*href="${href}"[^>]*>${label}</a>`));
    }
  });

  it("los términos y condiciones tratan de usted: «Pida su cotización y elija un plan»", async () => {
    const html = await (await get("/terminos-y-condiciones")).text();
    expect(html).toContain("Pida su cotización y elija un plan");
    expect(html).toContain("Complete los datos del tomador y del riesgo y revise el resumen");
    expect(html).toContain("Acepte expresamente estas condiciones");
    expect(html).not.toMatch(/Pide su cotización|elige un plan/);
  });

  it("escribe un registro estructurado por petición", async () => {
    await get("/healthz?x=1");
    await get("/politica-de-privacidad");
    const line = logger.lines.find((l) => l.msg === "request" && l.fields?.path === "/politica-de-privacidad");
    expect(line?.fields).toMatchObject({ method: "GET", status: 200 });
    expect(typeof line?.fields?.ms).toBe("number");
    expect(line?.fields?.requestId).toBeTruthy();
  });
});

describe("los formularios", () => {
  it("rechazan con 403 un envío sin el token CSRF", async () => {
    const body = new URLSearchParams({ email: "alguien@example.com", password: "Una-Clave-Larga-2026" });
    for (const path of ["/login", "/register", "/admin/login"]) {
      const response = await get(path, { method: "POST", body });
      expect(response.status, path).toBe(403);
      expect(await response.text()).not.toMatch(/\bat .+\.(js|ts):\d+/);
    }
  });
});

describe("un formulario enviado desde otro sitio", () => {
  it("responde 403 con la página de error en español, sin ejecutar la acción, y queda como petición rechazada en el registro", async () => {
    // A real browser's form: the CSRF cookie and token of this site, posted with another Origin.
    const { cookie, csrf } = await formPage(env.server.url, "/login");
    const before = logger.lines.length;
    for (const [path, origin] of [
      ["/login", "https://evil.example"],
      ["/register", "https://evil.example"],
      ["/cotizar", "null"],
      ["/checkout?cotizacion=x", "http://127.0.0.1:1"],
      ["/admin/login", "no es una url"],
      ["/", "https://evil.example"],
      ["/garantias", "https://evil.example"],
    ] as const) {
      const body = new URLSearchParams({ csrf, email: "alguien@example.com", password: "Una-Clave-Larga-2026", name: "Ataque" });
      const response = await get(path, { method: "POST", body, headers: { cookie, origin } });
      const html = await response.text();
      expect(response.status, path).toBe(403);
      expect(html, path).toContain("<h1>Petición no válida</h1>");
      expect(html, path).not.toMatch(/\bat .+\.(js|ts):\d+/);
    }
    const lines = logger.lines.slice(before);
    expect(lines.filter((l) => l.msg === "cross-site request refused")).toHaveLength(7);
    expect(lines.filter((l) => l.level === "error")).toEqual([]);
    // Nothing ran: the account was not created.
    const login = await fetch(`${env.server.url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "alguien@example.com", password: "Una-Clave-Larga-2026" }),
    });
    expect(login.status).toBe(401);
  });

  it("el mismo envío con el Origin del sitio sigue su curso", async () => {
    const before = logger.lines.length;
    const response = await get("/login", {
      method: "POST",
      body: new URLSearchParams({ email: "a@example.com" }),
      headers: { origin: env.server.url },
    });
    // No CSRF token: the action's own check answers, not the cross-site refusal.
    expect(response.status).toBe(403);
    const lines = logger.lines.slice(before).map((l) => l.msg);
    expect(lines).toContain("csrf rejected");
    expect(lines).not.toContain("cross-site request refused");
  });
});

describe("las cachés compartidas", () => {
  it("nunca guardan una página de alguien con sesión; las públicas de un anónimo varían por cookie", async () => {
    const email = "cache@example.com";
    const password = "Clave-Segura-2026!";
    const registered = await fetch(`${env.server.url}/api/auth/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "Persona Con Nombre", email, password }),
    });
    expect(registered.status).toBe(201);
    const { cookie, response: signedIn } = await webSignIn(env.server.url, "/login", email, password);
    expect(signedIn.status).toBe(302);
    const csrfCookie = (await formPage(env.server.url, "/login")).cookie;

    for (const path of [
      "/",
      "/cotizar",
      "/cotizar?linea=auto",
      "/cookies",
      "/terminos-y-condiciones",
      "/politica-de-privacidad",
      "/garantias",
      "/mi-cuenta",
    ]) {
      const response = await get(path, { headers: { cookie } });
      const html = await response.text();
      expect(response.status, path).toBe(200);
      expect(html, path).toContain("Persona Con Nombre");
      expect(response.headers.get("cache-control"), path).toBe("private, no-store");
    }
    // Anonymous, with the CSRF cookie already set: cacheable per cookie; the first visit sets a cookie, so not at all.
    for (const path of ["/", "/cotizar", "/terminos-y-condiciones"]) {
      const response = await get(path, { headers: { cookie: csrfCookie } });
      expect(response.headers.get("cache-control"), path).toBeNull();
      expect(response.headers.get("vary") ?? "", path).toMatch(/cookie/i);
      const first = await get(path);
      expect(first.headers.getSetCookie().length, path).toBeGreaterThan(0);
      expect(first.headers.get("cache-control"), path).toBe("private, no-store");
    }
    // Build assets keep their year-long caching for everyone.
    const script =
      /src="(\/build\/[^"]+\.js)"/.exec(await (await get("/", { headers: { cookie } })).text())?.[1] ??
      /href="(\/build\/[^"]+\.js)"/.exec(await (await get("/")).text())![1]!;
    expect((await get(script, { headers: { cookie } })).headers.get("cache-control")).toContain("immutable");
  });
});

describe("la API montada en /api", () => {
  it("publica un documento OpenAPI 3 válido con todas sus rutas", async () => {
    const response = await get("/api/openapi.json");
    expect(response.status).toBe(200);
    const doc = await response.json();
    expect(doc.openapi).toMatch(/^3\./);
    await SwaggerParser.validate(structuredClone(doc));
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(["/public/site", "/public/lines"]));
  });

  it("ofrece una referencia legible en /api/docs", async () => {
    const response = await get("/api/docs");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/html");
    const html = await response.text();
    expect(html).toContain("Referencia de la API");
    expect(html).toContain("/public/site");
  });

  it("responde JSON 404 a una ruta desconocida", async () => {
    for (const path of ["/api/no-existe", "/api", "/api/public/nada"]) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get("content-type")).toContain("application/json");
      expect(await response.json()).toEqual({ error: "Recurso no encontrado" });
    }
  });

  it("da los datos del distribuidor y los ramos sembrados", async () => {
    const site = await (await get("/api/public/site")).json();
    expect(site.registrationNumber).toMatch(/^J-\d+$/);
    const { lines } = await (await get("/api/public/lines")).json();
    expect(lines.map((l: { code: string }) => l.code).sort()).toEqual(["alquiler", "auto", "hogar"]);
  });
});

describe("sin base de datos", () => {
  it("/readyz responde 503 cuando la base de datos no contesta", async () => {
    const broken = await startTestServer({
      database: env.database,
      checkReady: async () => {
        throw new Error("connection refused");
      },
    });
    try {
      const response = await fetch(broken.url + "/readyz");
      expect(response.status).toBe(503);
      expect((await fetch(broken.url + "/healthz")).status).toBe(200);
    } finally {
      await broken.stop();
    }
  });
});

describe("con API_BASE_URL apuntando a un puerto cerrado", () => {
  it("una página que necesita la API responde 5xx con «Internal Server Error» y sin traza", async () => {
    const logs = memoryLogger();
    const web = await startTestServer({ apiBaseUrl: "http://127.0.0.1:9/api", logger: logs });
    try {
      const response = await fetch(web.url + "/");
      expect(response.status).toBe(502);
      const html = await response.text();
      expect(html).toContain("<title>Internal Server Error</title>");
      expect(html).toContain("Se ha producido un error");
      expect(html).not.toMatch(/\bat .+\.(js|ts):\d+/);
      expect(html).not.toContain("ECONNREFUSED");
      expect(logs.lines.some((l) => l.level === "error" && l.msg === "api unreachable")).toBe(true);
    } finally {
      await web.stop();
    }
  });
});

describe("un cliente que cuelga a media respuesta", () => {
  // An API that answers /quotes/{id} only after `delayMs`, with `status`.
  async function slowApi(delayMs: number, status: number) {
    const { createServer } = await import("node:http");
    const api = createServer((_, res) => {
      setTimeout(() => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: { code: "internal", message: "Error interno" } }));
      }, delayMs);
    });
    await new Promise<void>((resolve) => api.listen(0, "127.0.0.1", resolve));
    const { port } = api.address() as { port: number };
    return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => api.close(resolve)) };
  }
  const PAGE = "/results?cotizacion=7b1f5a3e-9c1d-4f2a-8e6b-0a1b2c3d4e5f";
  const requestLine = async (lines: ReturnType<typeof memoryLogger>["lines"]) => {
    for (let i = 0; i < 100 && !lines.some((l) => l.msg === "request"); i++) await new Promise((resolve) => setTimeout(resolve, 50));
    return lines.find((l) => l.msg === "request");
  };

  it("queda como 499 informativo, no como error 500 del servidor", async () => {
    const api = await slowApi(1_500, 200);
    const own = memoryLogger();
    const server = await startTestServer({ apiBaseUrl: `${api.url}/api`, logger: own });
    try {
      await expect(fetch(server.url + PAGE, { signal: AbortSignal.timeout(300) })).rejects.toThrow();
      const line = await requestLine(own.lines);
      expect(line).toMatchObject({ level: "info", fields: { path: "/results", status: 499 } });
      expect(own.lines.filter((l) => l.level === "error")).toEqual([]);
    } finally {
      await server.stop();
      await api.close();
    }
  });

  it("un fallo de verdad, con el cliente esperando, sigue siendo un error", async () => {
    const api = await slowApi(0, 500);
    const own = memoryLogger();
    const server = await startTestServer({ apiBaseUrl: `${api.url}/api`, logger: own });
    try {
      const response = await fetch(server.url + PAGE);
      expect(response.status).toBeGreaterThanOrEqual(500);
      const line = await requestLine(own.lines);
      expect(line).toMatchObject({ level: "error", fields: { path: "/results", status: response.status } });
    } finally {
      await server.stop();
      await api.close();
    }
  });
});
