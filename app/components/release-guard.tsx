import { useEffect, useState } from "react";
import { chunkReloadScript } from "~/lib/chunk-reload";

/**
 * Release safety, two parts (placed by root.tsx):
 *
 * - <ChunkReloadGuard nonce> in <head>, before <Meta/>, <Links/> and <Scripts/>: an inline script
 *   (with the CSP nonce) that reloads the page once when a /build/ chunk fails to load after a
 *   deploy, at most once every 10 s (see app/lib/chunk-reload.ts).
 * - <NewVersionNotice buildVersion> at the end of <body>: tells the person that a new version is
 *   out and offers to reload.
 */
export function ChunkReloadGuard({ nonce }: { nonce: string }) {
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: chunkReloadScript() }} />;
}

/**
 * How often an open tab asks /version.json whether a new build is running. The spec leaves this
 * interval open ("not shown"); we chose 5 minutes, plus one check whenever the tab becomes visible
 * again (the usual moment a long-open tab is picked up after a deploy). Hidden tabs skip the
 * periodic check; the visibility check catches up when they come back.
 */
export const VERSION_CHECK_INTERVAL_MS = 5 * 60 * 1000;
export const VERSION_URL = "/version.json";

/**
 * "Hay una nueva versión disponible" with "Recargar" and "Más tarde", shown once /version.json
 * reports a build other than the one this page runs. Renders nothing on the server and until then.
 */
export function NewVersionNotice({ buildVersion }: { buildVersion: string }) {
  // The build this page's JavaScript belongs to is the one of the first render. The prop comes
  // from the root loader, which a revalidation after a deploy answers with the *new* build: that
  // must not silence the notice, it is itself a sign that a new version is out.
  const [running] = useState(buildVersion);
  const [fetched, setFetched] = useState<string | null>(null);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const latest = fetched ?? (buildVersion !== running ? buildVersion : null);

  useEffect(() => {
    let active = true;
    let controller: AbortController | null = null;

    async function check() {
      if (document.visibilityState === "hidden") return;
      controller?.abort();
      const current = new AbortController();
      controller = current;
      try {
        const response = await fetch(VERSION_URL, {
          cache: "no-store",
          headers: { accept: "application/json" },
          signal: current.signal,
        });
        if (!response.ok) return;
        const data: unknown = await response.json();
        const version =
          data && typeof data === "object" && typeof (data as { version?: unknown }).version === "string"
            ? (data as { version: string }).version
            : null;
        if (active && version && version !== running) setFetched(version);
      } catch {
        // Offline, aborted or not JSON: nothing to tell; the next check tries again.
      }
    }

    function onVisibilityChange() {
      if (document.visibilityState === "visible") void check();
    }

    const timer = window.setInterval(() => void check(), VERSION_CHECK_INTERVAL_MS);
    document.addEventListener("visibilitychange", onVisibilityChange);
    return () => {
      active = false;
      controller?.abort();
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisibilityChange);
    };
  }, [running]);

  // "Más tarde" hides the notice for that version; a later build shows it again.
  if (latest === null || latest === dismissed) return null;

  return (
    <div
      role="status"
      aria-live="polite"
      className="fixed inset-x-2 bottom-2 z-50 mx-auto flex max-w-xl flex-wrap items-center justify-between gap-3 rounded-lg bg-slate-900 px-4 py-3 text-sm text-white shadow-lg print:hidden sm:inset-x-4 sm:bottom-4"
    >
      <p className="font-medium">Hay una nueva versión disponible</p>
      <div className="flex gap-2">
        <button
          type="button"
          onClick={() => setDismissed(latest)}
          className="rounded-md px-3 py-2 font-medium text-white underline-offset-2 hover:underline focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
        >
          Más tarde
        </button>
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="rounded-md bg-white px-3 py-2 font-semibold text-slate-900 hover:bg-slate-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
        >
          Recargar
        </button>
      </div>
    </div>
  );
}
