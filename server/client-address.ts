// The client's address. Without a trusted proxy it is the socket's, and X-Forwarded-For is
// ignored (anyone can send it). Behind load balancers, TRUST_PROXY says which hops to trust:
//   TRUST_PROXY=1                       one proxy in front (the socket is the proxy);
//   TRUST_PROXY=10.0.0.0/8,192.168.1.7  the proxies' addresses (or networks).
// The chain is X-Forwarded-For's entries followed by the socket's address; the client is the
// first address, walking from the right, that is not a trusted proxy. What a client writes into
// X-Forwarded-For itself sits to the left of that and is never believed.
import { BlockList, isIP } from "node:net";

export type TrustProxy = { kind: "none" } | { kind: "hops"; hops: number } | { kind: "addresses"; list: BlockList; text: string };

export const NO_PROXY: TrustProxy = { kind: "none" };
const MAX_HOPS = 10;

/** Parses TRUST_PROXY; throws an Error with a Spanish reason for a value it cannot use. */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = (value ?? "").trim();
  if (!text) return NO_PROXY;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > MAX_HOPS) throw new Error(`como número de proxies, entre 0 y ${MAX_HOPS}`);
    return hops === 0 ? NO_PROXY : { kind: "hops", hops };
  }
  const list = new BlockList();
  for (const entry of text
    .split(",")
    .map((e) => e.trim())
    .filter(Boolean)) {
    const [address, prefix] = entry.split("/") as [string, string | undefined];
    const family = isIP(address);
    if (family === 0) throw new Error(`«${entry}» no es una dirección IP ni una red (10.0.0.0/8)`);
    const type = family === 4 ? "ipv4" : "ipv6";
    if (prefix === undefined) list.addAddress(address, type);
    else {
      const bits = Number(prefix);
      if (!/^\d+$/.test(prefix) || bits > (family === 4 ? 32 : 128)) throw new Error(`«${entry}»: la máscara no es válida`);
      list.addSubnet(address, bits, type);
    }
  }
  return { kind: "addresses", list, text };
}

/** "::ffff:10.0.0.1" (an IPv4 client on an IPv6 socket) as "10.0.0.1". */
function normalize(address: string): string {
  const trimmed = address.trim();
  return trimmed.toLowerCase().startsWith("::ffff:") && isIP(trimmed.slice(7)) === 4 ? trimmed.slice(7) : trimmed;
}

function isTrusted(list: BlockList, address: string): boolean {
  const family = isIP(address);
  return family !== 0 && list.check(address, family === 4 ? "ipv4" : "ipv6");
}

export function clientAddress(socket: string | null, forwardedFor: string | null | undefined, trust: TrustProxy): string | null {
  if (trust.kind === "none" || !socket) return socket;
  const chain = [...(forwardedFor ?? "").split(",").map(normalize).filter(Boolean), normalize(socket)];
  if (trust.kind === "hops") {
    // The last `hops` addresses are our proxies; the one before them is the client.
    for (let i = chain.length - 1 - trust.hops; i < chain.length; i++) {
      if (i >= 0 && isIP(chain[i]!) !== 0) return chain[i]!;
    }
    return normalize(socket);
  }
  let client = chain[chain.length - 1]!;
  for (let i = chain.length - 1; i >= 0; i--) {
    const address = chain[i]!;
    // Garbage in the header ends the walk: the last real address before it is the client.
    if (isIP(address) === 0) break;
    client = address;
    if (!isTrusted(trust.list, address)) break;
  }
  return client;
}
