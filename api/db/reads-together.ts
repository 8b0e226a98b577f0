// Independent reads made at once where that is safe. On the pool each read takes its own
// connection, so they run in parallel; a transaction is one connection, where node-postgres queues
// a query sent while another runs (pg 8 warns "Calling client.query() when the client is already
// executing a query", pg 9 refuses it): there they run one after the other.
import { PgTransaction } from "drizzle-orm/pg-core";
import type { DbOrTx } from "./client";

/** The reads' results in order: in parallel on the pool, in sequence on a transaction. */
export async function readTogether<T extends unknown[]>(db: DbOrTx, ...reads: { [K in keyof T]: () => PromiseLike<T[K]> }): Promise<T> {
  if (!(db instanceof PgTransaction)) return (await Promise.all(reads.map((read) => read()))) as T;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as T;
}
