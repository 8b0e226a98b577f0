import { getConnInfo } from "@hono/node-server/conninfo";
import { serveStatic } from "@hono/node-server/serve-static";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { type Context, Hono } from "hono";
import { compress } from "hono/compress";
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from "hono/utils/compress";
import { Duplex } from "node:stream";
import { createGzip, constants as zlibConstants } from "node:zlib";
import { bodyLimit } from "hono/body-limit";
import { requestId } from "hono/request-id";
import { NONCE, secureHeaders } from "hono/secure-headers";
import type { ApiApp } from "../api/env";
import { clientAddress, NO_PROXY, type TrustProxy } from "./client-address";
import { serveBuildAssets } from "./static-assets";
import { notFoundBody } from "../api/http";
import { ACCOUNT_READS_ENV_KEY, type AccountReads } from "../api/account-reads";
import { ADMIN_COOKIE, VISITOR_COOKIE } from "../app/lib/session-cookies";
import { errorFields, type Logger } from "../platform/logger";
import { UPLOAD_MAX_BYTES } from "../api/domain/uploaded-file";
import { EMAIL_PREVIEW_CSP, FRAMED_PREVIEW_HEADER } from "../api/contract/emails";

export type ServerAppOptions = {
  build: ServerBuild;
  mode: "development" | "production" | "test";
  logger: Logger;
  /** The API to mount under /api; absent when API_BASE_URL points at another one. */
  api?: ApiApp;
  /** Where the web sends API calls when the API is not mounted. */
  apiBaseUrl?: string;
  /** Readiness: resolves when the process can serve (database reachable). */
  checkReady: () => Promise<void>;
  /** Directory of the static files, relative to the working directory. */
  publicDir?: string;
  /** SESSION_SECRET list for the web's session cookies. */
  sessionSecrets: string[];
  /** Proxies whose X-Forwarded-For is believed (TRUST_PROXY); none by default. */
  trustProxy?: TrustProxy;
  /** True once SIGTERM has been received: /readyz answers 503 and every answer closes its connection. */
  draining?: () => boolean;
};

export const CLIENT_IP_HEADER = "x-cotiza-client-ip";

/**
 * The largest request body taken, in bytes: the API's JSON bodies and the web's forms are a few
 * KB (a checkout is under 2 KB, a note at most 2,000 characters); anything far larger is refused
 * with a 413 before a byte of it is parsed.
 */
export const MAX_BODY_BYTES = { api: 256 * 1024, web: 128 * 1024 } as const;
/** The bank's return file (ADR 030, 1 MB at most): its upload form, and the API's JSON carrying it in base64. */
export const RETURN_UPLOAD_BODY_BYTES = { api: 1536 * 1024, web: 1152 * 1024 } as const;
/** A stored e-mail's HTML part: the message page's frame and the API's answer (ADR 039). */
const RETURN_UPLOAD_PATHS = { api: "/api/admin/payments/returns", web: "/admin/payments/returns" } as const;
/** A signed document uploaded to a policy or a client (ADR 037): the file's limit and room for the title and the multipart framing. */
export const DOCUMENT_UPLOAD_BODY_BYTES = UPLOAD_MAX_BYTES + 64 * 1024;
const DOCUMENT_UPLOAD_PATHS = {
  api: /^\/api\/admin\/(policies|clients)\/\d+\/documents$/,
  web: /^\/admin\/(policies|clients)\/\d+\/documentos\/subir$/,
} as const;
/**
 * A claim's photos and documents (ADR 042): the API takes one file as ADR 037's uploads do; the
 * web's upload steps take a body up to 32 MB, so that a photo over the 10 MB limit (a 30 MB one
 * straight from a phone) reaches the step and is refused there in Spanish with what was typed
 * kept, with or without JavaScript; a larger body is the usual 413 page.
 */
export const CLAIM_WEB_UPLOAD_BODY_BYTES = 32 * 1024 * 1024;
const CLAIM_UPLOAD_PATHS = {
  api: /^\/api\/me\/(policies\/\d+\/claims\/draft\/files|claims\/\d+\/files)$/,
  web: /^\/mi-poliza\/\d+\/(siniestro\/documentos|siniestros\/\d+)$/,
} as const;
/** A file the claim's handler adds (the perito's report, issue 26): the same limit as ADR 037's uploads. */
const CLAIM_STAFF_UPLOAD_PATHS = { api: /^\/api\/admin\/claims\/\d+\/files$/, web: /^\/admin\/claims\/\d+\/subir$/ } as const;
export const BODY_TOO_LARGE_MESSAGE = "La petición es demasiado grande.";
export const PRIVATE_NO_STORE = "private, no-store";

/**
 * A small Spanish page for what the server refuses before Remix runs (the React error page would
 * need the request's route to run): a body over the limit, a form posted from another site.
 */
const refusalPage = (title: string, heading: string, text: string) =>
  `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} | Cotiza</title></head><body><main><h1>${heading}</h1><p>${text}</p><p><a href="/">Ir a la portada</a></p></main></body></html>`;
const BODY_TOO_LARGE_PAGE = refusalPage(
  "Formulario demasiado grande",
  "El formulario es demasiado grande",
  "Lo enviado supera el tamaño que admite Cotiza. Vuelva a la página anterior, revise el texto y envíelo de nuevo.",
);
const CROSS_SITE_PAGE = refusalPage(
  "Petición no válida",
  "Petición no válida",
  "Este formulario se ha enviado desde otra web y Cotiza no lo acepta. Si quería hacer esta gestión, entre en Cotiza y envíelo desde nuestra página.",
);

function socketAddress(c: Context): string | null {
  try {
    return getConnInfo(c).remote.address ?? null;
  } catch {
    return null; // not served by @hono/node-server (e.g. app.request in a unit test)
  }
}

// The in-process address of the mounted API: requests to it never touch the network.
const MOUNTED_API_ORIGIN = "http://cotiza.internal";

/** Mounts the API under /api with a JSON 404 for unknown API paths. */
function mountApi(parent: Hono, api: ApiApp) {
  parent.route("/api", api);
  parent.all("/api", (c) => c.json(notFoundBody(), 404));
  parent.all("/api/*", (c) => c.json(notFoundBody(), 404));
}

/** The status logged for a request whose client closed the connection before the answer (nginx's convention). */
export const CLIENT_CLOSED_REQUEST = 499;

/** The one HTTP app of the process: headers, logs, health, static files, /api and the web. */
export function createServerApp(options: ServerAppOptions) {
  const { logger, build } = options;
  const production = options.mode === "production";
  const publicDir = options.publicDir ?? "public";
  const app = new Hono();
  const trustProxy = options.trustProxy ?? NO_PROXY;
  /** The client's address: the socket's, or X-Forwarded-For's through trusted proxies only. */
  const addressOf = (c: Context) => clientAddress(socketAddress(c), c.req.header("x-forwarded-for"), trustProxy);

  app.use(requestId());
  // Draining (after SIGTERM): each answer closes its connection, so keep-alive clients move to
  // another instance instead of sending more requests here while this one stops.
  app.use(async (c, next) => {
    await next();
    if (!options.draining?.()) return;
    try {
      c.res.headers.set("Connection", "close");
    } catch {
      c.res = new Response(c.res.body, c.res);
      c.res.headers.set("Connection", "close");
    }
  });
  app.use(async (c, next) => {
    const started = performance.now();
    await next();
    const fields = {
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
      requestId: c.get("requestId"),
    };
    // A client that hangs up mid-answer (a closed tab, a load tester stopping) makes Remix answer
    // 500 to nobody: that is not a server error, so it is logged as nginx's 499 at info.
    if (c.res.status >= 500 && c.req.raw.signal.aborted) logger.info("request", { ...fields, status: CLIENT_CLOSED_REQUEST });
    else if (c.res.status >= 500) logger.error("request", fields);
    else if (c.req.path === "/healthz" || c.req.path === "/readyz") logger.debug("request", fields);
    else logger.info("request", fields);
  });
  // An e-mail preview framed by the back office (a stored message or a template, ADR 039 and 040; app/lib/framed-preview.ts): its own strict policy
  // replaces the site's, once secureHeaders (below, so it runs first on the way out) has set it.
  app.use(async (c, next) => {
    await next();
    if (c.res.headers.get(FRAMED_PREVIEW_HEADER) !== "1") return;
    c.res = new Response(c.res.body, c.res);
    c.res.headers.delete(FRAMED_PREVIEW_HEADER);
    c.res.headers.set("Content-Security-Policy", EMAIL_PREVIEW_CSP);
    c.res.headers.set("X-Frame-Options", "SAMEORIGIN");
  });
  app.use(
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", NONCE],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:"],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
      xFrameOptions: "DENY",
      referrerPolicy: "strict-origin-when-cross-origin",
      strictTransportSecurity: production ? "max-age=31536000; includeSubDomains" : false,
      crossOriginEmbedderPolicy: false,
      permissionsPolicy: { camera: [], microphone: [], geolocation: [], payment: ["self"] },
    }),
  );
  // CSV downloads (up to hundreds of MB) are gzipped at level 1 by the middleware below: level 6,
  // compress()'s, took a quarter of an export's CPU for 15 % fewer bytes.
  app.use(compress({ contentTypeFilter: (type) => COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type) && !CSV_TYPE.test(type) }));
  app.use(fastGzipCsv);

  // The API learns the caller's address from this header only. Whatever a client sends under
  // that name is replaced by the socket's address; in-process calls from the web set it
  // themselves from the original request (see apiClient).
  app.use("/api/*", async (c, next) => {
    c.req.raw.headers.set(CLIENT_IP_HEADER, addressOf(c) ?? "");
    await next();
  });

  // Bodies over the limit: 413 and one warning line, for the API (JSON error) and the web (a page).
  const tooLarge = (c: Context, limit: number) => {
    logger.warn("body too large", { method: c.req.method, path: c.req.path, limit, contentLength: c.req.header("content-length") ?? null });
    // The rest of the body is never read: the connection cannot carry another request.
    c.header("Connection", "close");
    return c.req.path.startsWith("/api/") ? c.json({ error: BODY_TOO_LARGE_MESSAGE }, 413) : c.html(BODY_TOO_LARGE_PAGE, 413);
  };
  const apiBodyLimit = bodyLimit({ maxSize: MAX_BODY_BYTES.api, onError: (c) => tooLarge(c, MAX_BODY_BYTES.api) });
  const webBodyLimit = bodyLimit({ maxSize: MAX_BODY_BYTES.web, onError: (c) => tooLarge(c, MAX_BODY_BYTES.web) });
  const uploadLimit = {
    api: bodyLimit({ maxSize: RETURN_UPLOAD_BODY_BYTES.api, onError: (c) => tooLarge(c, RETURN_UPLOAD_BODY_BYTES.api) }),
    web: bodyLimit({ maxSize: RETURN_UPLOAD_BODY_BYTES.web, onError: (c) => tooLarge(c, RETURN_UPLOAD_BODY_BYTES.web) }),
  };
  const documentUploadLimit = bodyLimit({ maxSize: DOCUMENT_UPLOAD_BODY_BYTES, onError: (c) => tooLarge(c, DOCUMENT_UPLOAD_BODY_BYTES) });
  const claimWebUploadLimit = bodyLimit({ maxSize: CLAIM_WEB_UPLOAD_BODY_BYTES, onError: (c) => tooLarge(c, CLAIM_WEB_UPLOAD_BODY_BYTES) });
  app.use("*", (c, next) => {
    if (DOCUMENT_UPLOAD_PATHS.api.test(c.req.path) || DOCUMENT_UPLOAD_PATHS.web.test(c.req.path)) return documentUploadLimit(c, next);
    if (CLAIM_UPLOAD_PATHS.api.test(c.req.path)) return documentUploadLimit(c, next);
    if (CLAIM_UPLOAD_PATHS.web.test(c.req.path)) return claimWebUploadLimit(c, next);
    if (CLAIM_STAFF_UPLOAD_PATHS.api.test(c.req.path) || CLAIM_STAFF_UPLOAD_PATHS.web.test(c.req.path)) return documentUploadLimit(c, next);
    if (c.req.path === RETURN_UPLOAD_PATHS.api) return uploadLimit.api(c, next);
    if (c.req.path === RETURN_UPLOAD_PATHS.web) return uploadLimit.web(c, next);
    return c.req.path.startsWith("/api/") ? apiBodyLimit(c, next) : webBodyLimit(c, next);
  });

  // Private answers are never kept by a shared cache (issues 12 and 27):
  // - the back office and the API carry personal or account data: private, no-store unless the
  //   answer chose its own caching (the public IPID);
  // - a page or data answer for someone signed in (their name is in the header), or one that sets
  //   a cookie: private, no-store, whatever the route said;
  // - any other page may be cached, but only per cookie (Vary: Cookie).
  app.use("*", async (c, next) => {
    await next();
    const path = c.req.path;
    const backOffice = path === "/admin" || path.startsWith("/admin/") || path.startsWith("/api/");
    if (backOffice) {
      if (!c.res.headers.has("Cache-Control")) setResponseHeader(c, "Cache-Control", PRIVATE_NO_STORE);
      return;
    }
    if (!PERSONAL_TYPES.test(c.res.headers.get("Content-Type") ?? "")) return; // scripts, styles, images
    if (c.res.headers.has("Set-Cookie") || carriesSession(c.req.header("Cookie"))) setResponseHeader(c, "Cache-Control", PRIVATE_NO_STORE);
    else setResponseHeader(c, "Vary", "Cookie", true);
  });

  app.get("/healthz", (c) => c.json({ status: "ok" }));
  app.get("/readyz", async (c) => {
    if (options.draining?.()) return c.json({ status: "draining" }, 503);
    try {
      await withTimeout(options.checkReady(), 2_000);
      return c.json({ status: "ready" });
    } catch (error) {
      logger.warn("not ready", errorFields(error));
      return c.json({ status: "unavailable" }, 503);
    }
  });

  // Hashed build assets never change under the same name: cache them for a year.
  // Each is served from its Brotli or gzip copy made at build time (scripts/precompress.mjs), by
  // Accept-Encoding with Vary: no request compresses a static file.
  app.use("/build/*", serveBuildAssets({ root: publicDir, cacheControl: "public, max-age=31536000, immutable" }));
  // Other public files (favicon.svg, robots.txt…) all have an extension: pages and the API are
  // never looked up on disk (a stat per request, measured on the bench).
  const publicFile = serveStatic({
    root: publicDir,
    onFound: (_path, c) => c.header("Cache-Control", "public, max-age=3600"),
  });
  app.use("*", (c, next) => ((c.req.method === "GET" || c.req.method === "HEAD") && HAS_EXTENSION.test(c.req.path) ? publicFile(c, next) : next()));

  let apiBaseUrl: string;
  let apiFetch: (request: Request, accountReads?: AccountReads) => Promise<Response>;
  if (options.api) {
    mountApi(app, options.api);
    const internal = new Hono();
    mountApi(internal, options.api);
    apiBaseUrl = `${MOUNTED_API_ORIGIN}/api`;
    apiFetch = async (request, accountReads) => internal.fetch(request, accountReads ? { [ACCOUNT_READS_ENV_KEY]: accountReads } : undefined);
  } else {
    if (!options.apiBaseUrl) throw new Error("apiBaseUrl is required when the API is not mounted");
    apiBaseUrl = options.apiBaseUrl;
    apiFetch = (request) => fetch(request);
  }

  // Always Remix's production mode: development mode would send error stacks to the browser.
  const handleRemix = createRequestHandler(build, "production");
  app.all("*", (c) => {
    // A form posted from another site: Remix would throw (500) on the Origin it does not expect.
    // Refused before any loader or action runs, as a client's mistake, not an error.
    const crossSite = crossSiteOrigin(c.req.raw);
    if (crossSite !== null) {
      logger.warn("cross-site request refused", { method: c.req.method, path: c.req.path, origin: crossSite.slice(0, 200) });
      return c.html(CROSS_SITE_PAGE, 403);
    }
    // The API calls of this one web request share their account reads (api/account-reads.ts).
    const accountReads: AccountReads = new Map();
    return handleRemix(c.req.raw, {
      cspNonce: c.get("secureHeadersNonce") ?? "",
      apiBaseUrl,
      apiFetch: (request) => apiFetch(request, accountReads),
      buildVersion: build.assets.version,
      logger,
      sessionSecrets: options.sessionSecrets,
      secureCookies: production,
      clientIp: addressOf(c),
    });
  });

  app.onError((error, c) => {
    logger.error("unhandled", { path: c.req.path, ...errorFields(error) });
    return c.text("Internal Server Error", 500);
  });
  return app;
}

/**
 * The Origin of a state-changing request that does not come from this site, as Remix's own check
 * judges it (Origin's host against X-Forwarded-Host, else Host; an Origin that is not a URL is
 * foreign too); null for a same-site request, a GET or HEAD, or no Origin at all.
 */
export function crossSiteOrigin(request: Request): string | null {
  if (request.method === "GET" || request.method === "HEAD") return null;
  const origin = request.headers.get("origin");
  if (origin === null || origin === "") return null;
  const forwarded = request.headers.get("x-forwarded-host")?.split(",")[0]?.trim();
  const host = forwarded || request.headers.get("host");
  let originHost: string;
  try {
    originHost = origin === "null" ? "null" : new URL(origin).host;
  } catch {
    return origin;
  }
  return host && originHost === host ? null : origin;
}

/** What a person's data can be in: pages, Remix data, downloads. */
const PERSONAL_TYPES = /^\s*(text\/html|application\/json|text\/csv|application\/pdf)/i;

/** Whether the request carries a visitor or staff session cookie (valid or not: it may be). */
function carriesSession(cookie: string | undefined): boolean {
  return !!cookie && new RegExp(`(?:^|;\\s*)(?:${VISITOR_COOKIE}|${ADMIN_COOKIE})=`).test(cookie);
}

/** Sets (or appends to) an answer's header, copying the answer when its headers are immutable (one from fetch). */
function setResponseHeader(c: Context, name: string, value: string, append = false) {
  const apply = (headers: Headers) => (append ? headers.append(name, value) : headers.set(name, value));
  try {
    apply(c.res.headers);
  } catch {
    c.res = new Response(c.res.body, c.res);
    apply(c.res.headers);
  }
}

const CSV_TYPE = /^\s*text\/csv(?:[;\s]|$)/i;

/** "gzip" (or "*") in Accept-Encoding with a quality above 0. */
function acceptsGzip(header: string | undefined): boolean {
  return (header ?? "").split(",").some((part) => {
    const [coding, ...params] = part.split(";").map((x) => x.trim().toLowerCase());
    const q = params.find((p) => p.startsWith("q="));
    return (coding === "gzip" || coding === "*") && (q === undefined || Number(q.slice(2)) > 0);
  });
}

/**
 * A text/csv answer (a streamed export): gzip level 1 when the client takes gzip (what compress()
 * does, faster), and always chunked. @hono/node-server reads a stream's first chunks before
 * sending the headers and, when that read fails, ends the answer as complete with the bytes it
 * had (an export of only its header row that looked whole); a chunked answer is streamed from
 * the start, and a failure cuts the connection before the last chunk: a failed download.
 */
async function fastGzipCsv(c: Context, next: () => Promise<void>) {
  await next();
  const res = c.res;
  if (!res.body || !CSV_TYPE.test(res.headers.get("Content-Type") ?? "") || res.headers.has("Content-Encoding") || c.req.method === "HEAD") return;
  c.header("Vary", "Accept-Encoding", { append: true });
  if (!res.headers.has("Content-Length")) c.header("Transfer-Encoding", "chunked");
  if (!acceptsGzip(c.req.header("Accept-Encoding"))) return;
  const gzip = Duplex.toWeb(createGzip({ level: 1, flush: zlibConstants.Z_NO_FLUSH })) as unknown as ReadableWritablePair<Uint8Array, Uint8Array>;
  c.res = new Response(c.res.body!.pipeThrough(gzip), c.res);
  c.res.headers.delete("Content-Length");
  c.res.headers.set("Content-Encoding", "gzip");
}

/** A path whose last segment has a file extension: /favicon.svg, /robots.txt, /version.json. */
const HAS_EXTENSION = /\.[a-z0-9]+$/i;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/**
 * Keeps idle keep-alive connections longer than the clients and balancers that reuse them (60 s
 * is the usual balancer idle timeout). With Node's default 5 s, a client reusing a connection
 * just as the server closed it got ECONNRESET on a request the server never saw.
 */
export function keepIdleConnections(server: unknown): void {
  const http = server as { keepAliveTimeout: number; headersTimeout: number };
  http.keepAliveTimeout = 65_000;
  http.headersTimeout = 66_000;
}
