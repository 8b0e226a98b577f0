/**
 * Chunk-reload guard (product spec, section 9: "Chunk-reload guard window: 10 s").
 *
 * After a deploy, a tab that still runs the previous build asks for JavaScript/CSS chunks under
 * /build/ that no longer exist. The page then reloads itself once to pick up the new build, but
 * never twice within 10 s, so an asset server that is really broken cannot cause a reload loop.
 *
 * The browser side is an inline script (`chunkReloadScript`) placed in <head> by root.tsx through
 * <ChunkReloadGuard>: it must run before Remix's own modules load, so that it also catches the
 * failure of the entry chunk itself. The pure functions below are the same rules, for tests and
 * for any code that wants to handle a failed `import()` itself.
 */

/** sessionStorage key holding the time (ms since epoch) of the last automatic reload. */
export const CHUNK_RELOAD_KEY = "cotiza:chunk-reload-at";

/** No second automatic reload within this window (spec: 10 s). */
export const CHUNK_RELOAD_WINDOW_MS = 10_000;

/** Where the Remix classic compiler puts the client build (remix.config.js publicPath). */
export const BUILD_PATH_PREFIX = "/build/";

/** Window property used when sessionStorage cannot be used: one automatic reload per document. */
const FALLBACK_FLAG = "__cotizaChunkReloaded";

/**
 * What browsers and bundlers say when a module or CSS chunk cannot be loaded, lower-cased.
 * Chrome: "Failed to fetch dynamically imported module: …"; Firefox: "error loading dynamically
 * imported module"; Safari: "Importing a module script failed."; Vite: "Unable to preload CSS for …".
 */
export const CHUNK_ERROR_MESSAGES: readonly string[] = [
  "failed to fetch dynamically imported module",
  "error loading dynamically imported module",
  "importing a module script failed",
  "unable to preload css",
];

/**
 * Whether an automatic reload is allowed now: only when no automatic reload happened within the
 * last `windowMs`. A last time in the future (the clock went back) does not block the reload;
 * the reload stores the new time, so the guard holds from then on.
 */
export function shouldReloadForChunkError(lastReloadAt: number | null, now: number, windowMs: number = CHUNK_RELOAD_WINDOW_MS): boolean {
  if (lastReloadAt === null || !Number.isFinite(lastReloadAt)) return true;
  const elapsed = now - lastReloadAt;
  return elapsed < 0 || elapsed >= windowMs;
}

/** Whether an error (or a rejection reason) says that a module or CSS chunk failed to load. */
export function isChunkLoadError(reason: unknown): boolean {
  if (reason === null || reason === undefined) return false;
  let name = "";
  let message = "";
  if (typeof reason === "string") {
    message = reason;
  } else if (typeof reason === "object") {
    const { name: n, message: m } = reason as { name?: unknown; message?: unknown };
    if (typeof n === "string") name = n;
    if (typeof m === "string") message = m;
  }
  if (name === "ChunkLoadError") return true;
  const lower = message.toLowerCase();
  return CHUNK_ERROR_MESSAGES.some((text) => lower.includes(text));
}

/**
 * The guard as a small self-contained inline script (ES5, no imports, only `window` and `Date`):
 *
 * - a capture-phase `error` listener on window sees failed loads of `<script src>` and of
 *   `<link rel="modulepreload|stylesheet">` (those events do not bubble) whose URL is under
 *   /build/ on this origin; it also reads uncaught errors whose message is a chunk-load message;
 * - an `unhandledrejection` listener sees a failed dynamic `import()` (as Remix's entry does);
 * - when triggered, it reloads only if sessionStorage records no automatic reload in the last
 *   10 s, and records the time first. If sessionStorage cannot be used (storage blocked), the
 *   reload is allowed once: a window flag stops a second one in the same document, and a page
 *   that was itself loaded by a reload does not reload again (so there is no loop).
 *
 * The text is deterministic (the same on the server and in the browser), so hydration matches.
 */
export function chunkReloadScript(): string {
  const config = JSON.stringify({
    key: CHUNK_RELOAD_KEY,
    windowMs: CHUNK_RELOAD_WINDOW_MS,
    prefix: BUILD_PATH_PREFIX,
    messages: CHUNK_ERROR_MESSAGES,
    flag: FALLBACK_FLAG,
  });
  // Keep this ES5: it runs before anything else, in every browser that loads the page.
  return `(function(w){
var c=${config.replace(/</g, "\\u003c")};
if(!w||!w.addEventListener||w.__cotizaChunkGuard)return;
w.__cotizaChunkGuard=true;
function isChunkError(r){
  if(!r)return false;
  var n="",m="";
  if(typeof r==="string"){m=r}else{try{n=String(r.name||"");m=String(r.message||"")}catch(e){}}
  if(n==="ChunkLoadError")return true;
  m=m.toLowerCase();
  for(var i=0;i<c.messages.length;i++){if(m.indexOf(c.messages[i])!==-1)return true}
  return false;
}
function underBuild(u){
  if(typeof u!=="string"||!u)return false;
  var l=w.location||{},o=l.origin||(l.protocol+"//"+l.host);
  if(o&&u.indexOf(o+"/")===0){u=u.slice(o.length)}
  else if(l.host&&u.indexOf("//"+l.host+"/")===0){u=u.slice(l.host.length+2)}
  return u.indexOf(c.prefix)===0;
}
function attr(el,name){
  var v=el[name];
  if(typeof v!=="string"||!v){v=el.getAttribute?el.getAttribute(name):""}
  return v||"";
}
function isBuildAsset(el){
  if(!el||!el.tagName)return false;
  var tag=String(el.tagName).toUpperCase();
  if(tag==="SCRIPT")return underBuild(attr(el,"src"));
  if(tag==="LINK"){
    var rel=" "+attr(el,"rel").toLowerCase()+" ";
    if(rel.indexOf(" modulepreload ")===-1&&rel.indexOf(" stylesheet ")===-1)return false;
    return underBuild(attr(el,"href"));
  }
  return false;
}
function wasReloaded(){
  try{
    var p=w.performance,e=p&&p.getEntriesByType?p.getEntriesByType("navigation"):null;
    if(e&&e.length)return e[0].type==="reload";
    return !!(p&&p.navigation&&p.navigation.type===1);
  }catch(x){return false}
}
function reload(){
  var now=new Date().getTime(),stored=true,last=null;
  try{var raw=w.sessionStorage.getItem(c.key);last=raw?Number(raw):null}catch(x){stored=false}
  if(stored){
    if(last!==null&&isFinite(last)&&now-last>=0&&now-last<c.windowMs)return;
    try{w.sessionStorage.setItem(c.key,String(now))}catch(x){stored=false}
  }
  if(!stored){
    if(w[c.flag]||wasReloaded())return;
    w[c.flag]=true;
  }
  w.location.reload();
}
w.addEventListener("error",function(e){
  if(e&&isBuildAsset(e.target)){reload();return}
  if(e&&(isChunkError(e.error)||isChunkError(e.message)))reload();
},true);
w.addEventListener("unhandledrejection",function(e){
  if(e&&isChunkError(e.reason))reload();
});
})(window);`;
}
