// The API's types every route and middleware shares: its dependencies and Hono's environment.
// Their own low module, not the composition root (api/app.ts), so that routes, auth and limits
// do not import the file that imports them.
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Clock } from "../platform/clock";
import type { Logger } from "../platform/logger";
import type { CatalogueCache } from "./db/catalogue-cache";
import type { Database } from "./db/client";
import type { RateLimits } from "./limits";
import type { AdminPrincipal, UserPrincipal } from "./principal";
import type { PaymentProvider } from "./services/payments";
import type { DocumentStore } from "./services/document-store/store";

export type ApiDeps = {
  db: Database;
  /** List reads (statement timeout, read-only on PostgreSQL); `db` when not given. */
  readDb: Database;
  logger: Logger;
  /** The clock; tests pass a fixed one. Domain code receives `now` from here, never reads it. */
  now: Clock;
  jwtSecret: string;
  /** Where checkouts charge; the embedded test gateway unless another provider is configured. */
  payments: PaymentProvider;
  /** The site's address as visitors reach it (PUBLIC_BASE_URL), for links in e-mails; none without it. */
  publicBaseUrl?: string;
  /** Whether queued e-mails go out (an SMTP server is configured): what the answers may promise. */
  mailDelivery: boolean;
  /** The distributor, product lines and rating tables, kept in memory for a short time. */
  catalogue: CatalogueCache;
  /** Per-address limits (api/limits.ts). */
  rateLimits: RateLimits;
  /** Where stored documents keep their bytes (ADR 036): DATA_DIR/documents or an S3-compatible bucket. */
  documents: DocumentStore;
};

export type ApiEnv = {
  Variables: {
    deps: ApiDeps;
    /** Set by requireAdmin (api/auth.ts) on admin endpoints. */
    admin?: AdminPrincipal;
    /** Set by requireUser (api/auth.ts) on visitor endpoints. */
    user?: UserPrincipal;
  };
};
export type ApiApp = OpenAPIHono<ApiEnv>;
