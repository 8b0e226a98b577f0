// Who this process is, written into the leases it takes in the database (the daily run's day, a
// checkout's claim) so that staff and logs can tell who holds one, and so that this process can
// tell its own abandoned leases from another instance's. The host name and the pid say where it
// runs; the random part tells a restarted process from its predecessor (a container restarted in
// place often gets the same host name and pid 1 again).
import { randomBytes } from "node:crypto";
import { hostname } from "node:os";

export const PROCESS_ID = `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;
