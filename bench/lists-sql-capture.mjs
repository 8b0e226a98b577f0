// Loaded into the server by `npm run bench:lists` (node --import) so the bench can EXPLAIN the SQL
// behind each list on any PostgreSQL, including one whose log it cannot read. Every statement
// node-postgres sends is appended to BENCH_SQL_LOG (one JSON line: text and parameters) while
// capture is on; SIGUSR2 turns it on and off, and each switch writes a marker line the bench
// waits for. Off (the default), the only cost is one boolean test per query.
import { appendFileSync } from "node:fs";
import { createRequire } from "node:module";

const file = process.env.BENCH_SQL_LOG;
if (file) {
  // The server imports pg the same way, so this is the one module instance it uses.
  const pg = createRequire(import.meta.url)("pg");
  let on = false;
  let marker = 0;
  process.on("SIGUSR2", () => {
    on = !on;
    appendFileSync(file, JSON.stringify({ capture: on, marker: ++marker }) + "\n");
  });
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function capturedQuery(config, values, callback) {
    if (on) {
      const text = typeof config === "string" ? config : config?.text;
      const params = Array.isArray(values) ? values : config?.values;
      if (typeof text === "string") appendFileSync(file, JSON.stringify({ text, values: params ?? [] }) + "\n");
    }
    return query.call(this, config, values, callback);
  };
}
