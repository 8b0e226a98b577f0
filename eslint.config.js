import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "build/",
      "public/build/",
      ".cache/",
      "bench/bare/build/",
      "bench/bare/public/build/",
      "bench/bare/.cache/",
      "node_modules/",
      "api/db/migrations/",
      "playwright-report/",
      "test-results/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      // app/ reaches the API only through app/lib/api.server.ts and may import only api/contract.
      "no-restricted-imports": "off",
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/api/*", "!**/api/contract", "!**/api/contract/*"],
              message: "app/ may import only api/contract from the API.",
            },
          ],
        },
      ],
    },
  },
  {
    // app/lib is below the components: helpers and server code that components use, never the reverse.
    files: ["app/lib/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["**/api/*", "!**/api/contract", "!**/api/contract/*"], message: "app/ may import only api/contract from the API." },
            {
              group: ["~/components/*", "**/components/*", "~/routes/*"],
              message: "app/lib may not import components or routes: move what both need into app/lib.",
            },
          ],
        },
      ],
    },
  },
  {
    // The API is below the process: it may not import server/ (shared utilities are in platform/) nor the web.
    files: ["api/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["**/server/*", "**/app/*", "~/*"], message: "api/ may not import server/ or app/; shared utilities live in platform/." },
          ],
        },
      ],
    },
  },
  {
    // api/domain is the insurance rules as pure functions: no database, services, routes or HTTP
    // framework (its tests may read the seed data).
    files: ["api/domain/**/*.ts"],
    ignores: ["api/domain/**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["**/server/*", "**/app/*", "~/*"], message: "api/ may not import server/ or app/; shared utilities live in platform/." },
            {
              group: [
                "**/db",
                "**/db/*",
                "**/services",
                "**/services/*",
                "**/routes",
                "**/routes/*",
                "hono",
                "hono/*",
                "@hono/*",
                "drizzle-orm",
                "drizzle-orm/*",
              ],
              message: "api/domain holds pure rules: it may not import the database, services, routes or Hono.",
            },
          ],
        },
      ],
    },
  },
  {
    // Routes validate, call and answer (ADR 009): the SQL is in api/db's repositories.
    files: ["api/routes/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["**/server/*", "**/app/*", "~/*"], message: "api/ may not import server/ or app/; shared utilities live in platform/." },
            { group: ["drizzle-orm", "drizzle-orm/*"], message: "A route builds no SQL (ADR 009): put the query in a repository of api/db." },
          ],
        },
      ],
    },
  },
  {
    // platform/ sits below everything (logger, clock): server/, api/ and app/ import it, never the reverse.
    files: ["platform/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/server/*", "**/server", "**/api/*", "**/app/*", "~/*"],
              message: "platform/ is the lowest layer: it may not import server/, api/ or app/.",
            },
          ],
        },
      ],
    },
  },
);
