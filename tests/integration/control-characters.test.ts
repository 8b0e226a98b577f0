// Control characters sent where text goes: a U+0000 answered 500 on 17 operations,
// after charging the card at checkout. Every string field of every operation's body, every query
// parameter and every text field of the web's forms gets a NUL (or another C0 control): the API
// answers 400 naming the field, the web shows the form again, nothing answers 5xx, and the
// payment provider is never asked to charge.
import { describe, expect, it } from "vitest";
import { CONTROL_CHARACTER_MESSAGE } from "../../api/contract/text";
import { nifCheckLetter } from "../../api/domain/nif";
import { TestGateway, type ChargeRequest } from "../../api/services/payments";
import { TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD } from "../support/db";
import { AUTO } from "../support/quote-inputs";
import { memoryLogger, testServerForFile } from "../support/server";

const CONTROLS = ["\u0000", "\u0001", "\u001b", "\u007f", "\u0008"];
const control = (i: number) => CONTROLS[i % CONTROLS.length]!;

class CountingGateway extends TestGateway {
  charges = 0;
  override async charge(request: ChargeRequest) {
    this.charges += 1;
    return super.charge(request);
  }
}
const gateway = new CountingGateway();
const logger = memoryLogger();
const env = testServerForFile({ payments: gateway, logger });

type Schema = {
  $ref?: string;
  type?: string;
  enum?: unknown[];
  format?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  additionalProperties?: Schema | boolean;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  minimum?: number;
};
type Operation = {
  parameters?: Array<{ name: string; in: string; schema?: Schema }>;
  requestBody?: { content?: Record<string, { schema: Schema }> };
  security?: Array<Record<string, unknown>>;
};
type Doc = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Schema> } };

/** A value of the schema's shape with every property present (valid or not: the check runs first). */
function sample(schema: Schema, doc: Doc, depth = 0): unknown {
  if (depth > 8) return null;
  if (schema.$ref) return sample(doc.components.schemas[schema.$ref.split("/").pop()!]!, doc, depth + 1);
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map((s) => sample(s, doc, depth + 1)));
  const choice = schema.oneOf ?? schema.anyOf;
  if (choice) return sample(choice[0]!, doc, depth + 1);
  if (schema.enum) return schema.enum[0];
  switch (schema.type) {
    case "object": {
      const value: Record<string, unknown> = {};
      for (const [name, property] of Object.entries(schema.properties ?? {})) value[name] = sample(property, doc, depth + 1);
      if (typeof schema.additionalProperties === "object") value.clave = sample(schema.additionalProperties, doc, depth + 1);
      return value;
    }
    case "array":
      return schema.items ? [sample(schema.items, doc, depth + 1)] : [];
    case "string":
      return schema.format === "date" ? "2026-03-11" : "texto";
    case "integer":
    case "number":
      return schema.minimum ?? 1;
    case "boolean":
      return true;
    default:
      return "texto";
  }
}

/** The paths of the string leaves of a value (`policyholder.name`, `optionalGuarantees.0`). */
function stringPaths(value: unknown, at: string[] = []): string[][] {
  if (typeof value === "string") return [at];
  if (value && typeof value === "object") return Object.entries(value).flatMap(([key, item]) => stringPaths(item, [...at, key]));
  return [];
}

/** An upload's multipart body (ADR 037): its text field (the title, a claim file's kind) and a small PDF. */
function uploadForm(field: string, value: string): FormData {
  const form = new FormData();
  form.set(field, value);
  form.set("file", new File(["%PDF-1.4\n%control\n"], "control.pdf", { type: "application/pdf" }));
  return form;
}

function withValue(value: unknown, path: string[], leaf: string): unknown {
  const copy = structuredClone(value) as Record<string, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string, unknown>;
  node[path[path.length - 1]!] = leaf;
  return copy;
}

async function api(method: string, path: string, opts: { body?: unknown; token?: string } = {}) {
  const headers: Record<string, string> = {};
  const multipart = opts.body instanceof FormData;
  if (opts.body !== undefined && !multipart) headers["content-type"] = "application/json";
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  const response = await fetch(`${env.server.url}/api${path}`, {
    method,
    headers,
    body: opts.body === undefined ? undefined : multipart ? (opts.body as FormData) : JSON.stringify(opts.body),
  });
  const text = await response.text();
  let body: { error?: string; fieldErrors?: Record<string, string[]>; token?: string; id?: string } = {};
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON: the status says enough */
  }
  return { status: response.status, body, text };
}

describe("caracteres de control en la API", () => {
  it("cada campo de texto de cada cuerpo y cada parámetro de consulta con un carácter de control: 400 que nombra el campo, nunca 5xx ni un cobro", async () => {
    const doc = (await (await fetch(`${env.server.url}/api/openapi.json`)).json()) as Doc;
    const admin = (await api("POST", "/admin/auth/login", { body: { email: TEST_ADMIN_EMAIL, password: TEST_ADMIN_PASSWORD } })).body.token!;
    const visitor = (
      await api("POST", "/auth/register", { body: { name: "Visitante Control", email: "control@example.com", password: "Clave-Segura-2026!" } })
    ).body.token!;
    const failures: string[] = [];
    let sent = 0;
    for (const [template, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        const token = template.startsWith("/admin/") ? admin : visitor;
        // Path parameters that look real enough to pass the route's own guards.
        const path = template.replace(/\{[^}]+\}/g, "1");
        const jsonSchema = op.requestBody?.content?.["application/json"]?.schema;
        const multipartSchema = op.requestBody?.content?.["multipart/form-data"]?.schema as
          { properties?: Record<string, { format?: string }> } | undefined;
        if (multipartSchema) {
          // Its text field: the one that is not the file.
          const field = Object.entries(multipartSchema.properties ?? {}).find(([, p]) => p.format !== "binary")?.[0] ?? "title";
          const answer = await api(method.toUpperCase(), path, { token, body: uploadForm(field, `a${control(sent++)}b`) });
          if (answer.status !== 400 || !answer.body.fieldErrors?.[field]?.includes(CONTROL_CHARACTER_MESSAGE))
            failures.push(`${method.toUpperCase()} ${template} multipart ${field}: ${answer.status} ${answer.text.slice(0, 160)}`);
        }
        if (jsonSchema) {
          const body = sample(jsonSchema, doc);
          for (const leaf of stringPaths(body)) {
            const field = leaf.join(".");
            const answer = await api(method.toUpperCase(), path, { token, body: withValue(body, leaf, `a${control(sent++)}b`) });
            if (answer.status !== 400 || !answer.body.fieldErrors?.[field]?.includes(CONTROL_CHARACTER_MESSAGE))
              failures.push(`${method.toUpperCase()} ${template} cuerpo ${field}: ${answer.status} ${answer.text.slice(0, 160)}`);
          }
        }
        for (const parameter of op.parameters ?? []) {
          if (parameter.in !== "query" && parameter.in !== "path") continue;
          const value = encodeURIComponent(`a${control(sent++)}b`);
          const url =
            parameter.in === "query"
              ? `${path}?${encodeURIComponent(parameter.name)}=${value}`
              : template.replace(`{${parameter.name}}`, value).replace(/\{[^}]+\}/g, "1");
          // An upload's parameters are probed with a valid multipart body: without one the answer is the 415.
          const answer = await api(method.toUpperCase(), url, {
            token,
            body: multipartSchema ? uploadForm("title", "Documento firmado") : undefined,
          });
          const named = answer.status === 400 && answer.body.fieldErrors?.[parameter.name]?.includes(CONTROL_CHARACTER_MESSAGE);
          // A path parameter may also be simply not found; a query parameter must be named.
          if (!(named || (parameter.in === "path" && answer.status === 404)))
            failures.push(`${method.toUpperCase()} ${template} ${parameter.in} ${parameter.name}: ${answer.status} ${answer.text.slice(0, 160)}`);
        }
      }
    }
    expect(sent).toBeGreaterThan(200);
    expect(failures).toEqual([]);
    expect(gateway.charges).toBe(0);
  }, 240_000);

  it("una compra con un carácter de control en cualquier campo no cobra ni guarda nada; la misma compra limpia se contrata", async () => {
    const visitor = (
      await api("POST", "/auth/register", {
        body: { name: "Compradora Control", email: "compra-control@example.com", password: "Clave-Segura-2026!" },
      })
    ).body.token!;
    const quote = (await api("POST", "/quotes", { token: visitor, body: { line: "auto", inputs: AUTO } })).body;
    const body = {
      plan: "terceros",
      optionalGuarantees: [],
      frequency: "anual",
      registration: "1234 bcd",
      policyholder: {
        name: "Lucía Martín Sanz",
        nif: `50000001${nifCheckLetter("50000001")}`,
        birthDate: "1985-06-15",
        phone: "+34 600 123 456",
        address: "Calle Mayor 12, 3.º B",
        postalCode: "28013",
        city: "Madrid",
      },
      payment: { method: "card", cardNumber: "4242 4242 4242 4242", expiry: "12/30", cvc: "123", holder: "Lucía Martín" },
      consents: { terms: true, privacy: true, ipid: true, marketing: false },
      idempotencyKey: crypto.randomUUID(),
    };
    const charges = gateway.charges;
    for (const [i, leaf] of stringPaths(body).entries()) {
      const attempt = { ...body, idempotencyKey: crypto.randomUUID() };
      const answer = await api("POST", `/quotes/${quote.id}/checkout`, { token: visitor, body: withValue(attempt, leaf, `Calle${control(i)}`) });
      expect(answer.status, leaf.join(".")).toBe(400);
      expect(answer.body.fieldErrors?.[leaf.join(".")]).toEqual([CONTROL_CHARACTER_MESSAGE]);
    }
    expect(gateway.charges).toBe(charges);
    const bought = await api("POST", `/quotes/${quote.id}/checkout`, { token: visitor, body });
    expect(bought.status, bought.text).toBe(201);
    expect(gateway.charges).toBe(charges + 1);
  }, 60_000);

  it("un salto de línea vale en una nota, no en un nombre", async () => {
    const admin = (await api("POST", "/admin/auth/login", { body: { email: TEST_ADMIN_EMAIL, password: TEST_ADMIN_PASSWORD } })).body.token!;
    const named = await api("POST", "/admin/roles", {
      token: admin,
      body: { name: "rol\ncon salto", description: "Primera línea\r\nsegunda\tcon tabulador", permissions: {} },
    });
    expect(named.status).toBe(400);
    expect(named.body.fieldErrors?.name).toEqual([CONTROL_CHARACTER_MESSAGE]);
    expect(named.body.fieldErrors?.description).toBeUndefined();
  });
});

// ─── The web: every form of the pages a visitor and a staff member reach ────────────────────

type Form = { method: string; action: string; fields: Array<[string, string]> };

const decode = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
const attribute = (attrs: string, name: string) => {
  const match = new RegExp(`\\s${name}="([^"]*)"`).exec(attrs);
  return match ? decode(match[1]!) : null;
};

/** The forms of a page with the values a browser would send as they stand. */
function formsOf(html: string, pageUrl: string): Form[] {
  return [...html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)].map(([, attrs, inner]) => {
    const fields: Array<[string, string]> = [];
    for (const [, input] of inner!.matchAll(/<input\b([^>]*)>/g)) {
      const name = attribute(input!, "name");
      const type = attribute(input!, "type") ?? "text";
      if (!name || type === "submit" || type === "file" || ((type === "checkbox" || type === "radio") && !/\schecked=""/.test(input!))) continue;
      fields.push([name, attribute(input!, "value") ?? (type === "checkbox" ? "on" : "")]);
    }
    for (const [, attrs2, text] of inner!.matchAll(/<textarea\b([^>]*)>([\s\S]*?)<\/textarea>/g)) {
      const name = attribute(attrs2!, "name");
      if (name) fields.push([name, decode(text!)]);
    }
    for (const [, attrs2, options] of inner!.matchAll(/<select\b([^>]*)>([\s\S]*?)<\/select>/g)) {
      const name = attribute(attrs2!, "name");
      const chosen =
        /<option\b[^>]*\sselected=""[^>]*\svalue="([^"]*)"|<option\b[^>]*\svalue="([^"]*)"[^>]*\sselected=""/.exec(options!) ??
        /<option\b[^>]*\svalue="([^"]*)"/.exec(options!);
      if (name) fields.push([name, decode(chosen?.[1] ?? chosen?.[2] ?? "")]);
    }
    return { method: (attribute(attrs!, "method") ?? "get").toLowerCase(), action: attribute(attrs!, "action") ?? pageUrl, fields };
  });
}

class Browser {
  private cookies = new Map<string, string>();
  async request(url: string, init: { method?: string; body?: URLSearchParams } = {}) {
    const response = await fetch(`${env.server.url}${url}`, {
      method: init.method ?? "GET",
      body: init.body,
      redirect: "manual",
      headers: {
        cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
        ...(init.body ? { "content-type": "application/x-www-form-urlencoded" } : {}),
      },
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(";");
      const at = pair!.indexOf("=");
      this.cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    return { status: response.status, location: response.headers.get("location"), text: await response.text() };
  }
  async signIn(loginPage: string, email: string, password: string) {
    const page = await this.request(loginPage);
    const form = formsOf(page.text, loginPage).find((f) => f.fields.some(([name]) => name === "password"))!;
    const body = new URLSearchParams(form.fields.map(([name, value]) => [name, name === "email" ? email : name === "password" ? password : value]));
    const answer = await this.request(form.action, { method: "POST", body });
    expect(answer.status, answer.text.slice(0, 200)).toBe(302);
  }
}

/** Pages reachable from `start` by same-site links under `prefix` (documents and sign-out left out). */
async function crawl(browser: Browser, start: string[], keep: (path: string) => boolean, limit: number): Promise<Map<string, string>> {
  const pages = new Map<string, string>();
  const queue = [...start];
  while (queue.length && pages.size < limit) {
    const url = queue.shift()!;
    if (pages.has(url)) continue;
    const page = await browser.request(url);
    if (page.status !== 200) continue;
    pages.set(url, page.text);
    for (const [, href] of page.text.matchAll(/<a\b[^>]*\shref="(\/[^"#]*)"/g)) {
      const link = decode(href!);
      if (keep(link) && !/logout|documentos|\/api\/|[.]csv|[.]pdf/.test(link) && !pages.has(link)) queue.push(link);
    }
  }
  return pages;
}

describe("caracteres de control en los formularios de la web", () => {
  it("cada campo de cada formulario, de visitante y de empleado, con un carácter de control: ninguna respuesta 5xx ni traza, ningún cobro", async () => {
    const password = "Clave-Segura-2026!";
    const email = "web-control@example.com";
    const token = (await api("POST", "/auth/register", { body: { name: "Cliente Web Control", email, password } })).body.token!;
    const quote = (await api("POST", "/quotes", { token, body: { line: "auto", inputs: AUTO } })).body;
    const policyholder = {
      name: "Cliente Web Control",
      nif: `50000002${nifCheckLetter("50000002")}`,
      birthDate: "1985-06-15",
      phone: "+34 600 123 456",
      address: "Calle Mayor 12",
      postalCode: "28013",
      city: "Madrid",
    };
    const bought = await api("POST", `/quotes/${quote.id}/checkout`, {
      token,
      body: {
        plan: "terceros",
        optionalGuarantees: [],
        frequency: "anual",
        registration: "1234 bcd",
        policyholder,
        payment: { method: "card", cardNumber: "4242 4242 4242 4242", expiry: "12/30", cvc: "123", holder: "Cliente Web" },
        consents: { terms: true, privacy: true, ipid: true, marketing: false },
        idempotencyKey: crypto.randomUUID(),
      },
    });
    expect(bought.status, bought.text).toBe(201);
    const another = (await api("POST", "/quotes", { token, body: { line: "auto", inputs: AUTO } })).body;

    const visitor = new Browser();
    await visitor.signIn("/login", email, password);
    const staff = new Browser();
    await staff.signIn("/admin/login", TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD);
    const visitorPages = await crawl(
      visitor,
      [
        "/",
        "/cotizar?linea=auto",
        "/cotizar?linea=hogar",
        "/cotizar?linea=alquiler",
        `/results?cotizacion=${another.id}`,
        `/checkout?cotizacion=${another.id}&plan=terceros`,
        "/mi-cuenta",
        "/mi-poliza",
        "/mis-cotizaciones",
        "/cookies",
      ],
      (path) => !path.startsWith("/admin"),
      40,
    );
    const anonymous = new Browser();
    const anonymousPages = await crawl(anonymous, ["/login", "/register", "/recuperar-contrasena"], () => false, 5);
    const staffPages = await crawl(
      staff,
      ["/admin", "/admin/policies/new", "/admin/guarantees/new", "/admin/roles/new", "/admin/users/new", "/admin/settings"],
      (path) => path.startsWith("/admin"),
      60,
    );

    const charges = gateway.charges;
    const failures: string[] = [];
    const seen = new Set<string>();
    let sent = 0;
    for (const [browser, pages] of [
      [anonymous, anonymousPages],
      [visitor, visitorPages],
      [staff, staffPages],
    ] as const) {
      for (const [url, html] of pages) {
        for (const form of formsOf(html, url)) {
          if (/logout/.test(form.action)) continue;
          // The same form on many pages (a filter bar, the header's search) is tried once.
          const signature = `${form.method} ${form.action.split("?")[0]} ${form.fields.map(([name]) => name).join(",")}`;
          if (seen.has(signature)) continue;
          seen.add(signature);
          for (const [index, [name]] of form.fields.entries()) {
            if (name === "csrf") continue;
            const values = form.fields.map(([n, v], i): [string, string] => [n, i === index ? `a${control(sent++)}b` : v]);
            const answer =
              form.method === "post"
                ? await browser.request(form.action, { method: "POST", body: new URLSearchParams(values) })
                : await browser.request(`${form.action.split("?")[0]}?${new URLSearchParams(values)}`);
            if (answer.status >= 500 || /\n\s+at .+:\d+:\d+|node_modules\//.test(answer.text))
              failures.push(`${form.method.toUpperCase()} ${form.action} ${name}: ${answer.status} ${answer.text.slice(0, 120)}`);
          }
        }
      }
    }
    expect(visitorPages.size).toBeGreaterThan(8);
    expect(staffPages.size).toBeGreaterThan(15);
    expect(sent).toBeGreaterThan(150);
    expect(failures).toEqual([]);
    expect(gateway.charges).toBe(charges);
  }, 300_000);

  it("el formulario de registro muestra el mensaje en el campo y no crea la cuenta", async () => {
    const browser = new Browser();
    const page = await browser.request("/register");
    const form = formsOf(page.text, "/register").find((f) => f.fields.some(([name]) => name === "password"))!;
    const values = new URLSearchParams(form.fields);
    values.set("name", "Nombre\u0000Oculto");
    values.set("email", "registro-control@example.com");
    values.set("password", "Clave-Segura-2026!");
    for (const [name] of form.fields) if (/terms|privacy|consent/i.test(name)) values.set(name, "on");
    const answer = await browser.request(form.action, { method: "POST", body: values });
    expect(answer.status).toBe(400);
    expect(answer.text).toContain(CONTROL_CHARACTER_MESSAGE);
    const login = await api("POST", "/auth/login", { body: { email: "registro-control@example.com", password: "Clave-Segura-2026!" } });
    expect(login.status).toBe(401);
  });
});
