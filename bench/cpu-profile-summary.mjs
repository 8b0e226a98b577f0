// Where a server's CPU went, from a V8 CPU profile (ADR 046): self time by package and by
// function, optionally over the profile's last LAST seconds only (the load, not the start-up).
//
//   node --cpu-prof --cpu-prof-dir=/tmp/prof build/server.mjs   (then load it, then stop it with Ctrl-C)
//   LAST=15 node bench/cpu-profile-summary.mjs /tmp/prof/CPU.*.cpuprofile [how many functions]
import { readFileSync } from "node:fs";

const profile = JSON.parse(readFileSync(process.argv[2], "utf8"));
const topFunctions = Number(process.argv[3] ?? 30);
const lastMicros = Number(process.env.LAST ?? 0) * 1e6;

const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const selfTime = new Map();
let sampleTime = profile.startTime;
const from = lastMicros ? profile.endTime - lastMicros : 0;
profile.samples.forEach((id, i) => {
  const delta = profile.timeDeltas[i] ?? 0;
  sampleTime += delta;
  if (sampleTime >= from) selfTime.set(id, (selfTime.get(id) ?? 0) + delta);
});

/** The package a script belongs to, "node:internal", "ours(build)" or "(native/vm)". */
const packageOf = (url) => {
  if (!url) return "(native/vm)";
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (inModules) return inModules[1];
  if (url.startsWith("node:")) return "node:internal";
  if (url.includes("/build/")) return "ours(build)";
  return url.split("/").slice(-2).join("/");
};

const byFunction = new Map();
const byPackage = new Map();
let idle = 0;
let total = 0;
for (const [id, time] of selfTime) {
  const { functionName, url, lineNumber } = nodes.get(id).callFrame;
  total += time;
  if (functionName === "(idle)") {
    idle += time;
    continue;
  }
  const fn = `${functionName || "(anonymous)"} ${packageOf(url)}:${lineNumber}`;
  byFunction.set(fn, (byFunction.get(fn) ?? 0) + time);
  const pkg = ["(garbage collector)", "(program)"].includes(functionName) ? functionName : packageOf(url);
  byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + time);
}
const busy = total - idle;
const print = (map, n) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .forEach(([name, time]) => console.log(`${((100 * time) / busy).toFixed(1).padStart(5)} %  ${name}`));
console.log(`busy ${(busy / 1e6).toFixed(1)} s of ${(total / 1e6).toFixed(1)} s`);
console.log("-- self time by package");
print(byPackage, 20);
console.log("-- self time by function");
print(byFunction, topFunctions);
