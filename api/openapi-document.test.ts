// The OpenAPI document as other tools read it: `npm run lint:api` lints it with Redocly,
// and these checks fail first, without a server or a database, when a route breaks what that lint wants.
import { describe, expect, it } from "vitest";
import { systemClock } from "../platform/clock";
import { logger } from "../platform/logger";
import { createApi } from "./app";
import type { Database } from "./db/client";
import { openApiDocument, withoutUntypedNullable } from "./openapi-document";
import { documentedRoute } from "./openapi-responses";

const noDatabase = new Proxy({} as Database, {
  get(_target, property) {
    throw new Error(`The OpenAPI document should not need the database (it read db.${String(property)})`);
  },
});
const document = openApiDocument(createApi({ db: noDatabase, logger, now: systemClock, jwtSecret: "openapi-document-test".padEnd(32, "x") }));

type Operation = { operationId?: string; security?: Array<Record<string, string[]>> };
const operations = Object.entries(document.paths).flatMap(([path, item]) =>
  Object.entries(item as Record<string, Operation>)
    .filter(([method]) => ["get", "post", "put", "patch", "delete"].includes(method))
    .map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, op })),
);

/** Every object in the document with its JSON pointer. */
function* objects(node: unknown, pointer = "#"): Generator<[string, Record<string, unknown>]> {
  if (!node || typeof node !== "object") return;
  if (!Array.isArray(node)) yield [pointer, node as Record<string, unknown>];
  for (const [key, value] of Object.entries(node)) yield* objects(value, `${pointer}/${key.replaceAll("~", "~0").replaceAll("/", "~1")}`);
}

describe("withoutUntypedNullable", () => {
  it("quita nullable donde no hay type al lado (cualquier valor) y lo deja donde dice «o null»", () => {
    const schema = {
      type: "object",
      properties: {
        before: { nullable: true, description: "Estado anterior" },
        name: { type: "string", nullable: true },
        either: { oneOf: [{ type: "string" }, { nullable: true }] },
        risk: { type: "object", additionalProperties: { nullable: true } },
      },
      example: { before: { nullable: true } },
    };
    expect(withoutUntypedNullable(schema)).toEqual({
      type: "object",
      properties: {
        before: { description: "Estado anterior" },
        name: { type: "string", nullable: true },
        either: { oneOf: [{ type: "string" }, { nullable: true }] },
        risk: { type: "object", additionalProperties: {} },
      },
      example: { before: { nullable: true } },
    });
  });
});

describe("el documento OpenAPI", () => {
  it("no tiene nullable sin type al lado", () => {
    const untyped = [...objects(document)].filter(([, o]) => o.nullable === true && !("type" in o)).map(([pointer]) => pointer);
    expect(untyped).toEqual([]);
  });

  it("dice en cada operación quién puede llamarla: [] si es pública, bearerAuth si acepta un token", () => {
    expect(operations.length).toBeGreaterThan(80);
    const schemes = Object.keys(document.components?.securitySchemes ?? {});
    expect(schemes).toEqual(["bearerAuth"]);
    const undeclared = operations.filter(
      ({ op }) => !Array.isArray(op.security) || op.security.some((r) => Object.keys(r).some((name) => !schemes.includes(name))),
    );
    expect(undeclared.map(({ key }) => key)).toEqual([]);
    expect(
      operations
        .filter(({ op }) => op.security!.length === 0)
        .map(({ key }) => key)
        .sort(),
    ).toEqual([
      "GET /documents/ipid/{line}",
      "GET /public/guarantees",
      "GET /public/lines",
      "GET /public/site",
      "GET /public/vehicles",
      "POST /admin/auth/login",
      "POST /auth/login",
      "POST /auth/password-reset",
      "POST /auth/password-reset/check",
      "POST /auth/password-reset/confirm",
      "POST /auth/register",
    ]);
  });

  it("da a cada operación un operationId único en camelCase, el nombre que le ponen los clientes generados", () => {
    const ids = operations.map(({ op }) => op.operationId);
    expect(operations.filter(({ op }) => !/^[a-z][A-Za-z0-9]*$/.test(op.operationId ?? "")).map(({ key }) => key)).toEqual([]);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    const id = (key: string) => operations.find((o) => o.key === key)?.op.operationId;
    expect(id("POST /quotes")).toBe("createQuote");
    expect(id("GET /admin/policies")).toBe("listAdminPolicies");
    expect(id("POST /admin/policies/{id}/recibos/{reciboId}/charge")).toBe("chargeRecibo");
  });

  it("no deja declarar una ruta que no dice su security o no tiene operationId", () => {
    expect(() => documentedRoute({ method: "get", path: "/olvidada", operationId: "getOlvidada", responses: {} })).toThrow(
      "GET /olvidada declares no security",
    );
    expect(() => documentedRoute({ method: "get", path: "/olvidada", security: [], responses: {} })).toThrow(
      "GET /olvidada needs a camelCase operationId",
    );
    expect(() => documentedRoute({ method: "get", path: "/olvidada", security: [], operationId: "get-olvidada", responses: {} })).toThrow(
      "needs a camelCase operationId",
    );
  });
});
