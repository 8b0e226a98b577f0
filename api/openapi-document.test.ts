// The OpenAPI document as other tools read it (issue 27): `npm run lint:api` lints it with Redocly,
// and these checks fail first, without a server or a database, when a route breaks what that lint wants.
import { describe, expect, it } from "vitest";
import { systemClock } from "../platform/clock";
import { logger } from "../platform/logger";
import { createApi } from "./app";
import type { Database } from "./db/client";
import { openApiDocument, withoutUntypedNullable } from "./openapi-document";

const noDatabase = new Proxy({} as Database, {
  get(_target, property) {
    throw new Error(`The OpenAPI document should not need the database (it read db.${String(property)})`);
  },
});
const document = openApiDocument(createApi({ db: noDatabase, logger, now: systemClock, jwtSecret: "openapi-document-test".padEnd(32, "x") }));

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
});
