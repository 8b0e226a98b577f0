// Taking the HTTP port. server.ts takes it before anything else (database, seed, background work),
// so a second instance started by mistake stops before it touches the data of the first, and a
// port that cannot be taken ends the process with one Spanish line naming the variable to change
// (ARCHITECTURE: a clear message and exit code 1, never a stack trace), as a bad value does.
import type { Server } from "node:net";

/** The port could not be taken for a reason the person starting the server can fix: its message is the line to print. */
export class ListenError extends Error {}

/** The line for a listen error the operator can fix (a port in use, a privileged port, a HOST not on this machine); undefined for any other. */
export function listenErrorMessage(error: unknown, port: number, host: string | undefined): string | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const where = host ? ` en ${host} (HOST)` : "";
  switch (code) {
    case "EADDRINUSE":
      return `El puerto ${port} (PORT) ya está en uso${where}: pare el proceso que lo ocupa o elija otro puerto con PORT.`;
    case "EACCES":
      return `No hay permiso para escuchar en el puerto ${port} (PORT)${where}: elija con PORT un puerto a partir del 1024.`;
    case "EADDRNOTAVAIL":
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return `No se puede escuchar en ${host ?? "todas las interfaces"} (HOST): no es una dirección de esta máquina. Corrija HOST o déjela sin definir.`;
    default:
      return undefined;
  }
}

/** Listens on `port` and `host` (all interfaces when undefined); a ListenError when the operator can fix what stopped it, else the error itself. */
export function listen(server: Server, port: number, host: string | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const failed = (error: Error) => {
      server.off("listening", listening);
      const message = listenErrorMessage(error, port, host);
      reject(message ? new ListenError(message, { cause: error }) : error);
    };
    const listening = () => {
      server.off("error", failed);
      resolve();
    };
    server.once("error", failed);
    server.once("listening", listening);
    server.listen(port, host);
  });
}
