// The ceiling of npm run bench (ADR 008): a bare Remix app of the version we run (2.17.5, the
// root's node_modules), one trivial route, built by the same classic compiler into its own
// directories and served by remix-serve. Nothing of Cotiza's in it.
/** @type {import('@remix-run/dev').AppConfig} */
export default {
  serverModuleFormat: "esm",
  serverPlatform: "node",
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: false,
    v3_singleFetch: false,
  },
};
