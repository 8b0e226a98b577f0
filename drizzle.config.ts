import { defineConfig } from "drizzle-kit";

// `npx drizzle-kit generate --name <change>` writes a new SQL migration from the schema diff.
// The migrations are committed; the API applies them at start (api/db/client.ts).
export default defineConfig({
  dialect: "postgresql",
  schema: ["./api/db/schema.ts", "./api/db/schema-claims.ts"],
  out: "./api/db/migrations",
  strict: true,
  verbose: true,
});
