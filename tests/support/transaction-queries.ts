// Records the queries sent on a transaction's connection while another of its queries is still
// running (a Promise.all over `tx`): node-postgres 8 queues them and warns once per process
// ("Calling client.query() when the client is already executing a query"), pg 9 refuses them.
// Works on both drivers: it wraps the query method of the client each transaction runs on
// (node-postgres' PoolClient, PGlite's transaction), so a test on PGlite sees what PostgreSQL would.
import type { Database } from "../../api/db/client";

type Queryable = { query: (...args: unknown[]) => unknown };
type Session = { client?: Queryable };

/** Each overlap: the SQL sent while another query was in flight, and that one's. */
export type OverlapRecorder = { overlaps: { sent: string; running: string }[]; stop(): void };

const sqlOf = (args: unknown[]) => {
  const first = args[0] as string | { text?: string } | undefined;
  return (typeof first === "string" ? first : (first?.text ?? "?")).slice(0, 200);
};

export function recordOverlappingTransactionQueries(db: Database): OverlapRecorder {
  const overlaps: OverlapRecorder["overlaps"] = [];
  const watched = new WeakSet<object>();
  let active = true;
  const watch = (client: Queryable) => {
    if (watched.has(client)) return;
    watched.add(client);
    const query = client.query;
    const inFlight: string[] = [];
    client.query = function (this: unknown, ...args: unknown[]) {
      const sent = sqlOf(args);
      if (active && inFlight.length > 0) overlaps.push({ sent, running: inFlight[0]! });
      inFlight.push(sent);
      const done = () => void inFlight.splice(inFlight.indexOf(sent), 1);
      const result = query.apply(this, args);
      if (result && typeof (result as Promise<unknown>).then === "function") (result as Promise<unknown>).then(done, done);
      else done();
      return result;
    };
  };
  const transaction = db.transaction;
  db.transaction = ((fn: (tx: unknown) => Promise<unknown>, config?: unknown) =>
    transaction.call(
      db,
      (tx) => {
        // Drizzle keeps the connection the transaction runs on as its session's client.
        const client = (tx as unknown as { session?: Session }).session?.client;
        if (client && typeof client.query === "function") watch(client);
        return fn(tx);
      },
      config as Parameters<Database["transaction"]>[1],
    )) as Database["transaction"];
  return {
    overlaps,
    stop: () => {
      active = false;
      db.transaction = transaction;
    },
  };
}
