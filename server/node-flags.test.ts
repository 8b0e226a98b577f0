import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SERVER_NODE_FLAGS, SERVER_BUNDLE } from "../scripts/server-process.mjs";

const scripts = JSON.parse(readFileSync("package.json", "utf8")).scripts as Record<string, string>;

describe("las opciones de memoria con que arranca el servidor (ADR 047)", () => {
  it("npm start, npm run serve y el servidor de las pruebas e2e arrancan con las mismas", () => {
    const command = `node ${SERVER_NODE_FLAGS.join(" ")} ${SERVER_BUNDLE}`;
    expect(scripts.start).toContain(command);
    expect(scripts.serve).toContain(command);
    expect(readFileSync("playwright.config.ts", "utf8")).toContain('node ${SERVER_NODE_FLAGS.join(" ")} build/server.mjs');
  });

  it("este Node las acepta y limita con ellas la generación joven", () => {
    // A flag this Node no longer knows makes `node` refuse to start: the server would not start either.
    const young = execFileSync(
      process.execPath,
      [
        ...SERVER_NODE_FLAGS,
        "-e",
        'const a=[];for(let i=0;i<2e6;i++){a.push({i});if(a.length>1e5)a.length=0}console.log(require("v8").getHeapSpaceStatistics().find((s)=>s.space_name==="new_space").space_size)',
      ],
      { encoding: "utf8" },
    );
    expect(Number(young)).toBeGreaterThan(0);
    expect(Number(young)).toBeLessThanOrEqual(2 * 16 * 1024 * 1024 + 4 * 1024 * 1024);
  });
});
