import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CHUNK_RELOAD_KEY, CHUNK_RELOAD_WINDOW_MS, chunkReloadScript, isChunkLoadError, shouldReloadForChunkError } from "./chunk-reload";

describe("constants", () => {
  it("use the spec's 10 s window and the agreed storage key", () => {
    expect(CHUNK_RELOAD_WINDOW_MS).toBe(10_000);
    expect(CHUNK_RELOAD_KEY).toBe("cotiza:chunk-reload-at");
  });
});

describe("shouldReloadForChunkError", () => {
  const now = 1_700_000_000_000;

  it("reloads when no reload was recorded", () => {
    expect(shouldReloadForChunkError(null, now)).toBe(true);
  });

  it("does not reload again within 10 s", () => {
    expect(shouldReloadForChunkError(now, now)).toBe(false);
    expect(shouldReloadForChunkError(now - 1, now)).toBe(false);
    expect(shouldReloadForChunkError(now - 9_999, now)).toBe(false);
  });

  it("reloads again once 10 s have passed", () => {
    expect(shouldReloadForChunkError(now - 10_000, now)).toBe(true);
    expect(shouldReloadForChunkError(now - 60_000, now)).toBe(true);
  });

  it("honours a custom window", () => {
    expect(shouldReloadForChunkError(now - 3_000, now, 5_000)).toBe(false);
    expect(shouldReloadForChunkError(now - 5_000, now, 5_000)).toBe(true);
  });

  it("treats an unreadable or future time as no recorded reload", () => {
    expect(shouldReloadForChunkError(Number.NaN, now)).toBe(true);
    expect(shouldReloadForChunkError(now + 5_000, now)).toBe(true);
  });
});

describe("isChunkLoadError", () => {
  it.each([
    new TypeError("Failed to fetch dynamically imported module: https://cotiza.es/build/routes/_index-ABC.js"),
    new TypeError("error loading dynamically imported module: https://cotiza.es/build/root-ABC.js"),
    new TypeError("Importing a module script failed."),
    new Error("Unable to preload CSS for /build/_assets/tailwind-ABC.css"),
    Object.assign(new Error("Loading chunk 42 failed."), { name: "ChunkLoadError" }),
    { name: "ChunkLoadError", message: "" },
    { message: "FAILED TO FETCH DYNAMICALLY IMPORTED MODULE" },
    "Importing a module script failed.",
  ])("recognises %s", (reason) => {
    expect(isChunkLoadError(reason)).toBe(true);
  });

  it.each([
    undefined,
    null,
    0,
    "",
    new Error("Cannot read properties of undefined (reading 'x')"),
    new TypeError("Failed to fetch"),
    { message: 42 },
    Symbol("x"),
  ])("ignores %s", (reason) => {
    expect(isChunkLoadError(reason)).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------------
// The inline script, run against a minimal fake browser.
// ---------------------------------------------------------------------------------------------

type Listener = (event: unknown) => void;

function fakeBrowser(options: { storage?: "ok" | "throws"; navigationType?: string } = {}) {
  const listeners: Record<string, { fn: Listener; capture: boolean }[]> = {};
  const store = new Map<string, string>();
  const sessionStorage = {
    getItem(key: string) {
      if (options.storage === "throws") throw new DOMException("denied", "SecurityError");
      return store.has(key) ? store.get(key)! : null;
    },
    setItem(key: string, value: string) {
      if (options.storage === "throws") throw new DOMException("denied", "SecurityError");
      store.set(key, String(value));
    },
  };
  const location = {
    origin: "https://cotiza.es",
    protocol: "https:",
    host: "cotiza.es",
    href: "https://cotiza.es/cotizar",
    reload: vi.fn(),
  };
  const performance = {
    getEntriesByType: (type: string) => (type === "navigation" && options.navigationType ? [{ type: options.navigationType }] : []),
  };
  const window: Record<string, unknown> = {
    location,
    sessionStorage,
    performance,
    addEventListener(type: string, fn: Listener, capture?: boolean) {
      (listeners[type] ??= []).push({ fn, capture: Boolean(capture) });
    },
  };
  const dispatch = (type: string, event: Record<string, unknown>) => {
    for (const { fn } of listeners[type] ?? []) fn({ type, ...event });
  };
  const element = (tagName: string, attrs: Record<string, string>) => ({
    tagName,
    ...attrs,
    getAttribute: (name: string) => attrs[name] ?? null,
  });
  return {
    window,
    listeners,
    store,
    reload: location.reload,
    /** Runs the inline script exactly as the browser would, with `window` being the fake. */
    install: () => new Function("window", chunkReloadScript())(window),
    /** A resource load error (these do not bubble; the guard listens in the capture phase). */
    loadError: (tagName: string, attrs: Record<string, string>) => dispatch("error", { target: element(tagName, attrs) }),
    rejection: (reason: unknown) => dispatch("unhandledrejection", { reason }),
    uncaught: (error: unknown) => dispatch("error", { target: window, error, message: String(error) }),
  };
}

describe("chunkReloadScript", () => {
  const start = new Date("2025-03-01T10:00:00Z").getTime();
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(start);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("is a self-contained snippet: no imports, no closing script tag, no modern syntax", () => {
    const script = chunkReloadScript();
    expect(script).not.toMatch(/\bimport\b|\bexport\b|=>|\bconst\b|\blet\b|`/);
    expect(script.toLowerCase()).not.toContain("</script");
    expect(script).toBe(chunkReloadScript());
  });

  it("listens for error events in the capture phase and for unhandled rejections", () => {
    const browser = fakeBrowser();
    browser.install();
    expect(browser.listeners.error).toEqual([{ fn: expect.any(Function), capture: true }]);
    expect(browser.listeners.unhandledrejection).toHaveLength(1);
  });

  it("reloads once for a /build/ script error, not again within 10 s, and again after 10 s", () => {
    const browser = fakeBrowser();
    browser.install();

    browser.loadError("SCRIPT", { src: "https://cotiza.es/build/root-AAAA.js" });
    expect(browser.reload).toHaveBeenCalledTimes(1);
    expect(browser.store.get(CHUNK_RELOAD_KEY)).toBe(String(start));

    vi.setSystemTime(start + 9_999);
    browser.loadError("SCRIPT", { src: "https://cotiza.es/build/routes/_index-BBBB.js" });
    expect(browser.reload).toHaveBeenCalledTimes(1);

    vi.setSystemTime(start + 10_000);
    browser.loadError("SCRIPT", { src: "/build/routes/_index-BBBB.js" });
    expect(browser.reload).toHaveBeenCalledTimes(2);
    expect(browser.store.get(CHUNK_RELOAD_KEY)).toBe(String(start + 10_000));
  });

  it("keeps the guard across reloads (sessionStorage outlives the document)", () => {
    const first = fakeBrowser();
    first.install();
    first.loadError("SCRIPT", { src: "/build/entry.client-AAAA.js" });
    expect(first.reload).toHaveBeenCalledTimes(1);

    // The reloaded document: a new window sharing the tab's sessionStorage.
    const second = fakeBrowser();
    for (const [k, v] of first.store) second.store.set(k, v);
    second.install();
    vi.setSystemTime(start + 2_000);
    second.loadError("SCRIPT", { src: "/build/entry.client-AAAA.js" });
    expect(second.reload).not.toHaveBeenCalled();
  });

  it("ignores script errors that are not from the build", () => {
    const browser = fakeBrowser();
    browser.install();

    browser.loadError("SCRIPT", { src: "https://www.googletagmanager.com/gtag/js" });
    browser.loadError("SCRIPT", { src: "https://cdn.example.com/build/x.js" });
    browser.loadError("SCRIPT", { src: "https://cotiza.es/static/build/x.js" });
    browser.loadError("SCRIPT", { src: "" });
    browser.loadError("IMG", { src: "https://cotiza.es/build/logo.png" });
    browser.loadError("LINK", { rel: "icon", href: "/build/favicon.svg" });
    browser.uncaught(new Error("Cannot read properties of undefined"));
    browser.rejection(new TypeError("Failed to fetch"));

    expect(browser.reload).not.toHaveBeenCalled();
  });

  it.each(["modulepreload", "stylesheet", "preload stylesheet"])("reloads for a <link rel=%s> under /build/", (rel) => {
    const browser = fakeBrowser();
    browser.install();
    browser.loadError("LINK", { rel, href: "https://cotiza.es/build/_shared/chunk-CCCC.js" });
    expect(browser.reload).toHaveBeenCalledTimes(1);
  });

  it.each([
    new TypeError("Failed to fetch dynamically imported module: https://cotiza.es/build/root-AAAA.js"),
    new TypeError("error loading dynamically imported module"),
    new TypeError("Importing a module script failed."),
    Object.assign(new Error("Loading chunk 3 failed"), { name: "ChunkLoadError" }),
  ])("reloads for an unhandled rejection: %s", (reason) => {
    const browser = fakeBrowser();
    browser.install();
    browser.rejection(reason);
    expect(browser.reload).toHaveBeenCalledTimes(1);
  });

  it("without sessionStorage, reloads once per document", () => {
    const browser = fakeBrowser({ storage: "throws" });
    browser.install();

    browser.loadError("SCRIPT", { src: "/build/root-AAAA.js" });
    expect(browser.reload).toHaveBeenCalledTimes(1);

    vi.setSystemTime(start + 60_000);
    browser.loadError("SCRIPT", { src: "/build/root-AAAA.js" });
    expect(browser.reload).toHaveBeenCalledTimes(1);
  });

  it("without sessionStorage, a page that was itself reloaded does not reload again (no loop)", () => {
    const browser = fakeBrowser({ storage: "throws", navigationType: "reload" });
    browser.install();

    browser.loadError("SCRIPT", { src: "/build/root-AAAA.js" });

    expect(browser.reload).not.toHaveBeenCalled();
  });

  it("with sessionStorage, a reloaded page may still reload once the window has passed", () => {
    const browser = fakeBrowser({ navigationType: "reload" });
    browser.store.set(CHUNK_RELOAD_KEY, String(start - 30_000));
    browser.install();

    browser.loadError("SCRIPT", { src: "/build/root-AAAA.js" });

    expect(browser.reload).toHaveBeenCalledTimes(1);
  });

  it("installs its listeners only once", () => {
    const browser = fakeBrowser();
    browser.install();
    browser.install();
    expect(browser.listeners.error).toHaveLength(1);
  });
});
