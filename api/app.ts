import { OpenAPIHono } from "@hono/zod-openapi";
import { renderApiDocs } from "./docs";
import { CatalogueCache, DEFAULT_CATALOGUE_CACHE_MS } from "./db/catalogue-cache";
import type { Database } from "./db/client";
import type { ApiApp, ApiDeps, ApiEnv } from "./env";
import { DEFAULT_RATE_LIMITS, type RateLimits } from "./limits";
import { handleApiError, notFoundBody, validationHook } from "./http";
import { openApiDocument } from "./openapi-document";
import { documentedRoute } from "./openapi-responses";
import { registerAdminRoutes } from "./routes/admin";
import { registerAdminAuthRoutes } from "./routes/admin-auth";
import { registerAccountRoutes } from "./routes/account";
import { registerAuthRoutes } from "./routes/auth";
import { registerCheckoutRoutes } from "./routes/checkout";
import { registerDocumentRoutes } from "./routes/documents";
import { registerMandateRoutes } from "./routes/mandates";
import { registerMyCertificateRoutes } from "./routes/my-certificate";
import { registerMyClaimRoutes } from "./routes/my-claims";
import { registerEndorsementRoutes } from "./routes/endorsements";
import { registerPolicyRoutes } from "./routes/policies";
import { registerPayNowRoutes } from "./routes/pay-now";
import { registerPublicRoutes } from "./routes/public";
import { registerQuoteRoutes } from "./routes/quotes";
import { registerQuoteCallbackRoutes } from "./routes/quote-callback";
import { createPaymentProvider, type PaymentProvider } from "./services/payments";
import { memoryDocumentStore, type DocumentStore } from "./services/document-store/store";

/**
 * What createApi takes: the deps, with the payment provider optional (default: TestGateway keeping its books in `db`) and
 * the catalogue cache built from `catalogueCacheMs` (default 30 s; 0 reads the database every time).
 */
export type ApiDepsInput = Omit<ApiDeps, "payments" | "catalogue" | "readDb" | "rateLimits" | "mailDelivery" | "documents"> & {
  /** Default false: without an SMTP server e-mails wait in the outbox. */
  mailDelivery?: boolean;
  payments?: PaymentProvider;
  /** Per-address limits that differ from DEFAULT_RATE_LIMITS (tests raise them). */
  rateLimits?: Partial<RateLimits>;
  catalogueCacheMs?: number;
  readDb?: Database;
  /** Default: in memory (tests that do not look at files); the server passes DATA_DIR's or the bucket's. */
  documents?: DocumentStore;
};

/**
 * Builds the API from its dependencies. Paths are relative to the API base address
 * (mounted under /api by server.ts). Every error is JSON { error, fieldErrors? }.
 */
export function createApi(input: ApiDepsInput): ApiApp {
  const { catalogueCacheMs, rateLimits, ...rest } = input;
  const deps: ApiDeps = {
    ...rest,
    readDb: input.readDb ?? input.db,
    mailDelivery: input.mailDelivery ?? false,
    payments: input.payments ?? createPaymentProvider(undefined, { now: input.now, db: input.db }),
    catalogue: new CatalogueCache(input.db, catalogueCacheMs ?? DEFAULT_CATALOGUE_CACHE_MS),
    rateLimits: { ...DEFAULT_RATE_LIMITS, ...rateLimits },
    documents: input.documents ?? memoryDocumentStore(),
  };
  const api: ApiApp = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook });
  api.use(async (c, next) => {
    c.set("deps", deps);
    await next();
  });
  api.onError((error, c) => handleApiError(error, c, deps.logger));
  api.notFound((c) => c.json(notFoundBody(), 404));

  // Every route gets the error answers of its kind in the document (and the 415 check of a JSON
  // body) where it is registered: api/openapi-responses.ts.
  const register = api.openapi.bind(api);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the types of each route are checked where it is declared
  api.openapi = ((route: any, handler: any, hook: any) => register(documentedRoute(route), handler, hook)) as typeof api.openapi;

  api.openAPIRegistry.registerComponent("securitySchemes", "bearerAuth", {
    type: "http",
    scheme: "bearer",
    bearerFormat: "JWT",
    description: "Token de POST /auth/login, /auth/register o /admin/auth/login: Authorization: Bearer <token>",
  });

  registerPublicRoutes(api);
  registerAuthRoutes(api);
  registerAccountRoutes(api);
  registerAdminAuthRoutes(api);
  registerAdminRoutes(api);
  registerQuoteRoutes(api);
  registerQuoteCallbackRoutes(api);
  registerCheckoutRoutes(api);
  registerPolicyRoutes(api);
  registerDocumentRoutes(api);
  registerMandateRoutes(api);
  registerMyCertificateRoutes(api);
  registerMyClaimRoutes(api);
  registerEndorsementRoutes(api);
  registerPayNowRoutes(api);

  // One document for clients and readers, generated on each request from the routes above.
  api.get("/openapi.json", (c) => c.json(openApiDocument(api)));
  api.get("/docs", (c) => c.html(renderApiDocs(openApiDocument(api))));
  return api;
}
