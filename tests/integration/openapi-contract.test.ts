// The OpenAPI document is as strict as the API: the document is valid OpenAPI 3, every
// request body can be generated from its schema (no `not`, every union tells its branches apart),
// and every answer the API gives to a sample of requests per operation — a valid one where we have
// it, then no token, a wrong token, a staff member without permissions, unknown ids, an invalid
// body, a body that is not JSON and one too large — has its status documented for that operation
// and, when JSON, matches the documented schema. An undocumented status fails the test.
import SwaggerParser from "@apidevtools/swagger-parser";
import Ajv, { type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { DOCUMENT_UPLOAD_BODY_BYTES, MAX_BODY_BYTES, RETURN_UPLOAD_BODY_BYTES } from "../../server/app";
import { adminWith, PASSWORD, server, setUpAdminApi, superToken, unique } from "../support/admin-api";
import { checkoutBody, CONSENTS, GOOD_CARD, holder, INSURED } from "../support/checkout";
import { ALQUILER, AUTO, HOGAR } from "../support/quote-inputs";

setUpAdminApi();

type Schema = Record<string, unknown>;
type Operation = {
  parameters?: Array<{ name: string; in: string }>;
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema?: Schema }> }>;
  security?: Array<Record<string, string[]>>;
};
type Doc = { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, Schema> } };
type Op = { key: string; method: string; path: string; op: Operation };
type Sample = {
  key: string;
  kind: string;
  path: string;
  token?: string | null;
  body?: unknown;
  raw?: { body: string; type: string };
  /** A multipart body (the uploads of ADR 037): fetch sets its type and boundary. */
  form?: FormData;
  headers?: Record<string, string>;
};

const METHODS = ["get", "post", "put", "patch", "delete"];

/** A signed document as an upload's multipart body. */
function signedPdf(): FormData {
  const form = new FormData();
  form.set("title", "Mandato firmado");
  form.set("file", new File(["%PDF-1.4\n%firmado\n"], "mandato.pdf"));
  return form;
}
const UNKNOWN_UUID = "0b6f2a8e-1c3d-4e5f-8a9b-0c1d2e3f4a5b";

async function loadDoc(): Promise<Doc> {
  const response = await fetch(`${server.url}/api/openapi.json`);
  expect(response.status).toBe(200);
  return (await response.json()) as Doc;
}

function operationsOf(doc: Doc): Op[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, method: method.toUpperCase(), path, op })),
  );
}

/** OpenAPI 3.0 schema → JSON Schema for ajv: references inlined, boolean exclusive bounds as numbers. */
function toJsonSchema(schema: unknown, doc: Doc): unknown {
  if (Array.isArray(schema)) return schema.map((s) => toJsonSchema(s, doc));
  if (!schema || typeof schema !== "object") return schema;
  const s = schema as Schema;
  if (typeof s.$ref === "string") {
    const name = s.$ref.replace("#/components/schemas/", "");
    return toJsonSchema(doc.components?.schemas?.[name], doc);
  }
  const out: Schema = {};
  for (const [key, value] of Object.entries(s)) {
    if (key === "example" || key === "discriminator") continue;
    out[key] =
      key === "properties"
        ? Object.fromEntries(Object.entries(value as Schema).map(([k, v]) => [k, toJsonSchema(v, doc)]))
        : toJsonSchema(value, doc);
  }
  if (out.exclusiveMinimum === true) [out.exclusiveMinimum, out.minimum] = [out.minimum, undefined];
  if (out.exclusiveMaximum === true) [out.exclusiveMaximum, out.maximum] = [out.maximum, undefined];
  for (const key of Object.keys(out)) if (out[key] === undefined) delete out[key];
  if (out.nullable === true) {
    delete out.nullable;
    if (Array.isArray(out.enum)) out.enum = [...out.enum, null];
    if (typeof out.type === "string") out.type = [out.type, "null"];
    else return { anyOf: [out, { type: "null" }] };
  }
  return out;
}

/** A named schema for its reference (`#/components/schemas/X`), any other schema as it is. */
function resolved(schema: Schema, doc: Doc): Schema {
  return typeof schema.$ref === "string" ? doc.components!.schemas![schema.$ref.replace("#/components/schemas/", "")]! : schema;
}

/** Why a request body schema cannot be generated from (empty: it can). */
function unsampleable(schema: unknown, where: string, doc: Doc): string[] {
  if (Array.isArray(schema)) return schema.flatMap((s, i) => unsampleable(s, `${where}/${i}`, doc));
  if (!schema || typeof schema !== "object") return [];
  const s = resolved(schema as Schema, doc);
  const problems: string[] = [];
  if ("not" in s) problems.push(`${where}: not`);
  for (const union of ["oneOf", "anyOf"] as const) {
    const branches = s[union] as Schema[] | undefined;
    if (!branches) continue;
    // Each branch must say which it is: one required property with a single, distinct value.
    const property = (s.discriminator as { propertyName?: string } | undefined)?.propertyName;
    const values = branches.map((branch) => {
      const b = resolved(branch, doc);
      const prop = property ? (b.properties as Record<string, Schema> | undefined)?.[property] : undefined;
      const required = (b.required as string[] | undefined)?.includes(property ?? "");
      return required && Array.isArray(prop?.enum) && prop.enum.length === 1 ? String(prop.enum[0]) : null;
    });
    if (!property || values.includes(null) || new Set(values).size !== values.length)
      problems.push(`${where}: ${union} without a discriminator that tells its branches apart`);
    // A named branch is picked through the mapping (its name is not the value).
    const mapping = (s.discriminator as { mapping?: Record<string, string> } | undefined)?.mapping;
    branches.forEach((branch, i) => {
      if (typeof branch.$ref === "string" && mapping?.[values[i] ?? ""] !== branch.$ref)
        problems.push(`${where}: ${union} branch ${branch.$ref} missing from the discriminator's mapping`);
    });
  }
  for (const [key, value] of Object.entries(s)) if (typeof value === "object") problems.push(...unsampleable(value, `${where}/${key}`, doc));
  return problems;
}

describe("el documento OpenAPI", () => {
  it("es OpenAPI 3 válido, cada cuerpo se puede generar desde su esquema y los límites de los campos están en él", async () => {
    const doc = await loadDoc();
    await SwaggerParser.validate(structuredClone(doc) as never);
    const problems = operationsOf(doc).flatMap(({ key, op }) => {
      const schema = op.requestBody?.content["application/json"]?.schema;
      return schema ? unsampleable(schema, key, doc) : [];
    });
    expect(problems).toEqual([]);

    const body = (key: string) => {
      const [method, path] = key.split(" ");
      return doc.paths[path!]![method!.toLowerCase()]!.requestBody!.content["application/json"]!.schema as Schema & {
        properties: Record<string, Schema & { properties: Record<string, Schema> }>;
      };
    };
    expect(body("POST /auth/register").properties.password).toMatchObject({ minLength: 10, maxLength: 128 });
    expect(body("POST /admin/users").properties.password).toMatchObject({ minLength: 10, maxLength: 128 });
    expect(body("POST /quotes")).toMatchObject({ discriminator: { propertyName: "line" } });
    const checkout = body("POST /quotes/{id}/checkout");
    expect(checkout.properties.idempotencyKey).toMatchObject({ format: "uuid" });
    expect(checkout.properties.startDate).toMatchObject({ format: "date" });
    expect(checkout.properties.frequency).toMatchObject({ enum: ["anual", "semestral", "trimestral", "mensual"] });
    expect(checkout.properties.policyholder.properties.birthDate).toMatchObject({ format: "date" });
    expect(checkout.properties.policyholder.properties.nif).toHaveProperty("pattern");
    expect(checkout.properties.payment).toMatchObject({ discriminator: { propertyName: "method" } });
  });

  it("cada respuesta a una muestra de peticiones por operación está documentada con su esquema", async () => {
    const doc = await loadDoc();
    const ops = operationsOf(doc);
    expect(ops.length).toBeGreaterThan(50);
    const byKey = new Map(ops.map((o) => [o.key, o]));
    const ajv = new Ajv({ strict: false, allErrors: true });
    addFormats(ajv);
    const validators = new Map<string, ValidateFunction>();
    const validatorFor = (schema: Schema, id: string) => {
      if (!validators.has(id)) validators.set(id, ajv.compile(toJsonSchema(schema, doc) as Schema));
      return validators.get(id)!;
    };

    // Who calls: the seeded superadmin, staff without any permission, a visitor with a quote and a policy.
    const powerless = (await adminWith({})).token;
    const api = async (method: string, path: string, token: string | null, body?: unknown) => {
      const response = await fetch(`${server.url}/api${path}`, {
        method,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { "content-type": "application/json" }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const json = (await response.json().catch(() => null)) as Record<string, unknown> | null;
      if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
      return json as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    };
    const email = `${unique("contrato")}@example.com`;
    const visitor = (await api("POST", "/auth/register", null, { name: "Contrato Visitante", email, password: PASSWORD })).token as string;
    const quote = await api("POST", "/quotes", visitor, { line: "auto", inputs: AUTO });
    const nif = "12345678Z";
    const policy = await api("POST", `/quotes/${quote.id}/checkout`, visitor, checkoutBody(nif));
    const secondQuote = await api("POST", "/quotes", visitor, { line: "hogar", inputs: HOGAR });
    const staffQuote = await api("POST", "/admin/policies/quotes", superToken, { line: "alquiler", inputs: ALQUILER });
    const adminPolicy = await api("GET", `/admin/policies/${policy.id}`, superToken);
    const reciboId = (adminPolicy.recibos as Array<{ id: number }>)[0]!.id;
    const clientId = adminPolicy.client?.id ?? adminPolicy.clientId;
    const roles = await api("GET", "/admin/roles", superToken);
    const roleId = (roles.items ?? roles)[0].id as number;
    const users = await api("GET", "/admin/users", superToken);
    const userId = users.items[0].id as number;

    // A valid request for operations we can make one for (the answers must be 2xx, documented).
    const valid: Sample[] = [
      { key: "GET /public/site", kind: "valid", path: "/public/site" },
      { key: "GET /public/lines", kind: "valid", path: "/public/lines" },
      { key: "GET /public/guarantees", kind: "valid", path: "/public/guarantees" },
      { key: "GET /public/vehicles", kind: "valid", path: "/public/vehicles" },
      {
        key: "POST /auth/register",
        kind: "valid",
        path: "/auth/register",
        body: { name: "Otra Persona", email: `${unique("otra")}@example.com`, password: PASSWORD },
      },
      { key: "POST /auth/login", kind: "valid", path: "/auth/login", body: { email, password: PASSWORD } },
      { key: "GET /auth/profile", kind: "valid", path: "/auth/profile", token: visitor },
      { key: "GET /me/profile", kind: "valid", path: "/me/profile", token: visitor },
      { key: "GET /me/policyholder", kind: "valid", path: "/me/policyholder", token: visitor },
      { key: "POST /auth/password-reset", kind: "valid", path: "/auth/password-reset", body: { email } },
      { key: "GET /admin/guarantees", kind: "valid", path: "/admin/guarantees", token: superToken },
      { key: "GET /admin/payments/recibos", kind: "valid", path: "/admin/payments/recibos?status=cobrado&sort=amount", token: superToken },
      { key: "GET /admin/payments/recibos/{id}", kind: "valid", path: `/admin/payments/recibos/${reciboId}`, token: superToken },
      { key: "GET /admin/payments/card-retry", kind: "valid", path: "/admin/payments/card-retry?line=auto", token: superToken },
      { key: "GET /admin/policies/{id}/payments", kind: "valid", path: `/admin/policies/${policy.id}/payments`, token: superToken },
      {
        key: "POST /admin/auth/login",
        kind: "valid",
        path: "/admin/auth/login",
        body: { email: "admin@cotiza.test", password: "Admin-Cotiza-2026!" },
      },
      { key: "GET /admin/auth/me", kind: "valid", path: "/admin/auth/me", token: superToken },
      { key: "GET /admin/dashboard", kind: "valid", path: "/admin/dashboard", token: superToken },
      { key: "GET /admin/quotes", kind: "valid", path: "/admin/quotes?waiting=true&line=hogar", token: superToken },
      { key: "GET /admin/users", kind: "valid", path: "/admin/users", token: superToken },
      { key: "GET /admin/users/{id}", kind: "valid", path: `/admin/users/${userId}`, token: superToken },
      {
        key: "POST /admin/users",
        kind: "valid",
        path: "/admin/users",
        token: superToken,
        body: { username: unique("u"), email: `${unique("u")}@cotiza.test`, password: PASSWORD, roleId },
      },
      { key: "GET /admin/users/export", kind: "valid", path: "/admin/users/export", token: superToken },
      { key: "GET /admin/roles", kind: "valid", path: "/admin/roles", token: superToken },
      { key: "GET /admin/roles/{id}", kind: "valid", path: `/admin/roles/${roleId}`, token: superToken },
      {
        key: "POST /admin/roles",
        kind: "valid",
        path: "/admin/roles",
        token: superToken,
        body: { name: unique("rol"), description: "De prueba", permissions: { "policies:read": true } },
      },
      { key: "GET /admin/permissions", kind: "valid", path: "/admin/permissions", token: superToken },
      { key: "GET /admin/audit", kind: "valid", path: "/admin/audit?pageSize=5", token: superToken },
      { key: "GET /admin/audit/export", kind: "valid", path: "/admin/audit/export", token: superToken },
      { key: "GET /admin/policies", kind: "valid", path: "/admin/policies", token: superToken },
      { key: "GET /admin/policies/export", kind: "valid", path: "/admin/policies/export", token: superToken },
      { key: "GET /admin/policies/{id}", kind: "valid", path: `/admin/policies/${policy.id}`, token: superToken },
      {
        key: "GET /admin/policies/{id}/documents/conditions",
        kind: "valid",
        path: `/admin/policies/${policy.id}/documents/conditions`,
        token: superToken,
      },
      {
        key: "GET /admin/policies/{id}/documents/recibos/{sequence}",
        kind: "valid",
        path: `/admin/policies/${policy.id}/documents/recibos/1`,
        token: superToken,
      },
      {
        key: "POST /admin/policies/{id}/notes",
        kind: "valid",
        path: `/admin/policies/${policy.id}/notes`,
        token: superToken,
        body: { body: "Llamó para preguntar por el recibo" },
      },
      // The first recibo is paid at checkout: charging it again is the documented 409.
      {
        key: "POST /admin/policies/{id}/recibos/{reciboId}/charge",
        kind: "conflicto",
        path: `/admin/policies/${policy.id}/recibos/${reciboId}/charge`,
        token: superToken,
      },
      {
        key: "POST /admin/policies/quotes",
        kind: "valid",
        path: "/admin/policies/quotes",
        token: superToken,
        body: { line: "hogar", inputs: HOGAR },
      },
      { key: "GET /admin/policies/quotes/{id}", kind: "valid", path: `/admin/policies/quotes/${staffQuote.id}`, token: superToken },
      {
        key: "POST /admin/policies/quotes/{id}/price",
        kind: "valid",
        path: `/admin/policies/quotes/${staffQuote.id}/price`,
        token: superToken,
        body: { plan: staffQuote.plans[0].code, frequency: "anual" },
      },
      {
        key: "POST /admin/policies",
        kind: "valid",
        path: "/admin/policies",
        token: superToken,
        body: { ...checkoutBody("87654321X", { plan: staffQuote.plans[0].code }, "alquiler"), quoteId: staffQuote.id },
      },
      { key: "GET /admin/clients", kind: "valid", path: "/admin/clients", token: superToken },
      { key: "GET /admin/clients/export", kind: "valid", path: "/admin/clients/export", token: superToken },
      { key: "GET /admin/clients/{id}", kind: "valid", path: `/admin/clients/${clientId}`, token: superToken },
      {
        key: "POST /admin/clients/{id}/notes",
        kind: "valid",
        path: `/admin/clients/${clientId}/notes`,
        token: superToken,
        body: { body: "Prefiere que le llamen por la tarde" },
      },
      { key: "GET /admin/clients/{id}/gdpr-export", kind: "valid", path: `/admin/clients/${clientId}/gdpr-export`, token: superToken },
      { key: "POST /quotes", kind: "valid", path: "/quotes", body: { line: "alquiler", inputs: ALQUILER } },
      { key: "GET /quotes/{id}", kind: "valid", path: `/quotes/${secondQuote.id}`, token: visitor },
      { key: "GET /me/quotes", kind: "valid", path: "/me/quotes", token: visitor },
      { key: "POST /me/quotes/claim", kind: "valid", path: "/me/quotes/claim", token: visitor, body: { ownerTokens: ["x".repeat(43)] } },
      {
        key: "POST /quotes/{id}/price",
        kind: "valid",
        path: `/quotes/${secondQuote.id}/price`,
        token: visitor,
        body: { plan: secondQuote.plans[0].code, frequency: "mensual" },
      },
      {
        key: "POST /quotes/{id}/checkout",
        kind: "valid",
        path: `/quotes/${secondQuote.id}/checkout`,
        token: visitor,
        body: {
          ...checkoutBody(nif, { plan: secondQuote.plans[0].code }, "hogar"),
          policyholder: holder(nif),
          payment: GOOD_CARD,
          consents: CONSENTS,
          ...INSURED.hogar,
        },
      },
      { key: "GET /me/policies", kind: "valid", path: "/me/policies", token: visitor },
      { key: "GET /me/policies/{id}", kind: "valid", path: `/me/policies/${policy.id}`, token: visitor },
      { key: "GET /quotes/{id}/document", kind: "valid", path: `/quotes/${secondQuote.id}/document`, token: visitor },
      { key: "GET /documents/ipid/{line}", kind: "valid", path: "/documents/ipid/hogar" },
      { key: "GET /me/policies/{id}/documents/conditions", kind: "valid", path: `/me/policies/${policy.id}/documents/conditions`, token: visitor },
      {
        key: "GET /me/policies/{id}/recibos/{sequence}/document",
        kind: "valid",
        path: `/me/policies/${policy.id}/recibos/1/document`,
        token: visitor,
      },
      { key: "POST /me/policies/{id}/stop-renewal", kind: "valid", path: `/me/policies/${policy.id}/stop-renewal`, token: visitor },
      // ADR 037: an upload (multipart), the policy's documents, the customer's certificate.
      {
        key: "POST /admin/policies/{id}/documents",
        kind: "valid",
        path: `/admin/policies/${policy.id}/documents`,
        token: superToken,
        form: signedPdf(),
      },
      { key: "GET /admin/policies/{id}/documents", kind: "valid", path: `/admin/policies/${policy.id}/documents`, token: superToken },
      { key: "GET /me/policies/{id}/documents/certificate", kind: "valid", path: `/me/policies/${policy.id}/documents/certificate`, token: visitor },
    ];
    for (const sample of valid) expect(byKey.has(sample.key), sample.key).toBe(true);

    // The same probes for every operation, from what the document says about it.
    const probes: Sample[] = [];
    for (const { key, path, op } of ops) {
      const bearer = (op.security ?? []).some((r) => "bearerAuth" in r);
      const anonymousToo = (op.security ?? []).some((r) => Object.keys(r).length === 0);
      const admin = path.startsWith("/admin/");
      const token = bearer ? (admin ? superToken : visitor) : null;
      const unknown = path.replace(/\{(\w+)\}/g, (_m, name: string) =>
        name === "line" ? "barco" : path.startsWith("/quotes") || path.startsWith("/admin/policies/quotes") ? UNKNOWN_UUID : "987654",
      );
      if (bearer && !anonymousToo) probes.push({ key, kind: "sin token", path: unknown, token: null });
      if (bearer) probes.push({ key, kind: "token falso", path: unknown, token: "x.y.z" });
      if (admin && bearer) probes.push({ key, kind: "token de visitante", path: unknown, token: visitor });
      if (op.responses["403"]) probes.push({ key, kind: "sin permiso", path: unknown, token: powerless });
      // An upload (ADR 037) takes multipart/form-data: its probes are multipart, and JSON is its wrong type.
      if (op.requestBody?.content["multipart/form-data"]) {
        const upload = new FormData();
        upload.set("title", "Firmado");
        upload.set("file", new File(["%PDF-1.4\n"], "firmado.pdf"));
        const untitled = new FormData();
        untitled.set("file", new File(["hola"], "firmado.pdf"));
        probes.push({ key, kind: "id desconocido", path: unknown, token, form: upload });
        probes.push({ key, kind: "cuerpo no válido", path: unknown, token, form: untitled });
        probes.push({
          key,
          kind: "cuerpo que no es JSON",
          path: unknown,
          token,
          raw: { body: JSON.stringify({ title: "x" }), type: "application/json" },
        });
        probes.push({
          key,
          kind: "cuerpo demasiado grande",
          path: unknown,
          token,
          raw: { body: "x".repeat(DOCUMENT_UPLOAD_BODY_BYTES + 1), type: "multipart/form-data; boundary=x" },
        });
        continue;
      }
      if (path.includes("{")) probes.push({ key, kind: "id desconocido", path: unknown, token, body: op.requestBody ? {} : undefined });
      if (op.requestBody) {
        probes.push({ key, kind: "cuerpo no válido", path: unknown, token, body: ["no es un objeto"] });
        probes.push({ key, kind: "cuerpo que no es JSON", path: unknown, token, raw: { body: "hola", type: "text/plain" } });
        probes.push({
          key,
          kind: "cuerpo demasiado grande",
          path: unknown,
          token,
          // The bank's return file has a larger limit of its own (ADR 030).
          raw: {
            body: JSON.stringify({ x: "x".repeat(path === "/admin/payments/returns" ? RETURN_UPLOAD_BODY_BYTES.api : MAX_BODY_BYTES.api) }),
            type: "application/json",
          },
        });
      }
    }

    const problems: string[] = [];
    const answered = new Map<string, Set<number>>();
    const expectations: Record<string, (status: number) => boolean> = {
      valid: (s) => s < 300,
      conflicto: (s) => s === 409,
      "sin token": (s) => s === 401,
      "token falso": (s) => s === 401,
      "token de visitante": (s) => s === 401,
      "sin permiso": (s) => s === 403,
      "id desconocido": (s) => s === 404 || s === 400,
      "cuerpo no válido": (s) => s === 400,
      "cuerpo que no es JSON": (s) => s === 415,
      "cuerpo demasiado grande": (s) => s === 413,
    };
    for (const sample of [...valid, ...probes]) {
      const { method, op } = byKey.get(sample.key)!;
      const headers: Record<string, string> = { ...sample.headers };
      if (sample.token) headers.authorization = `Bearer ${sample.token}`;
      let body: string | FormData | undefined;
      if (sample.form) body = sample.form;
      else if (sample.raw) [body, headers["content-type"]] = [sample.raw.body, sample.raw.type];
      else if (sample.body !== undefined) [body, headers["content-type"]] = [JSON.stringify(sample.body), "application/json"];
      const response = await fetch(`${server.url}/api${sample.path}`, { method, headers, body });
      const label = `${sample.key} (${sample.kind}) → ${response.status}`;
      answered.set(sample.key, (answered.get(sample.key) ?? new Set()).add(response.status));
      const text = await response.text();
      if (!expectations[sample.kind]!(response.status)) problems.push(`${label}: no es lo esperado ${text.slice(0, 200)}`);
      const documented = op.responses[String(response.status)] ?? op.responses.default;
      if (!documented) {
        problems.push(`${label}: estado no documentado`);
        continue;
      }
      const type = (response.headers.get("content-type") ?? "").split(";")[0]!.trim();
      const content = documented.content;
      if (!content) {
        if (text !== "") problems.push(`${label}: el documento no da cuerpo y la respuesta lo tiene`);
        continue;
      }
      if (!content[type]) {
        problems.push(`${label}: tipo ${type} no documentado (${Object.keys(content).join(", ")})`);
        continue;
      }
      if (type !== "application/json") continue;
      const validate = validatorFor(content[type]!.schema!, `${sample.key} ${response.status}`);
      if (!validate(JSON.parse(text))) problems.push(`${label}: ${ajv.errorsText(validate.errors)} ${text.slice(0, 200)}`);
    }

    // Every valid body sent is also valid by its documented schema (the document is not stricter than the API).
    for (const sample of valid) {
      const schema = byKey.get(sample.key)!.op.requestBody?.content["application/json"]?.schema;
      if (!schema || sample.body === undefined) continue;
      const validate = validatorFor(schema, `${sample.key} request`);
      if (!validate(sample.body)) problems.push(`${sample.key}: un cuerpo válido no cumple su esquema: ${ajv.errorsText(validate.errors)}`);
    }

    expect(problems).toEqual([]);
    // Every operation was asked at least once.
    expect(ops.filter((o) => !answered.has(o.key)).map((o) => o.key)).toEqual([]);
  }, 120_000);
});
