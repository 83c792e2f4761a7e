// Who sent a request: the socket's address, or, through reverse proxies an operator named (TRUSTED_PROXIES), the
// address the nearest of them saw. The web app's sign-in limits and the upload balancer's report limit count by it.
import { BlockList, isIP } from "node:net";

export interface TrustedProxies {
  readonly list: BlockList;
  /** As configured, for messages. */
  readonly entries: readonly string[];
}

/** An address as it is compared: IPv4-mapped IPv6 (::ffff:1.2.3.4) as its IPv4 form. */
function plain(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  return mapped?.[1] ?? address;
}

/**
 * Parses a comma-separated list of addresses and CIDR ranges (`127.0.0.1, 10.0.0.0/8, fd00::/8`); throws a message
 * naming the first bad entry. An empty list trusts nobody.
 */
export function parseTrustedProxies(value: string): TrustedProxies {
  const list = new BlockList();
  const entries = value
    .split(",")
    .map((e) => e.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [address = "", bits, ...rest] = entry.split("/");
    const family = isIP(plain(address));
    const prefix = bits === undefined ? (family === 6 ? 128 : 32) : /^\d{1,3}$/.test(bits) ? Number(bits) : Number.NaN;
    if (family === 0 || rest.length > 0 || !(prefix >= 0 && prefix <= (family === 6 ? 128 : 32)))
      throw new Error(`"${entry}" is not an IP address or a CIDR range such as 10.0.0.0/8`);
    list.addSubnet(plain(address), prefix, family === 6 ? "ipv6" : "ipv4");
  }
  return { list, entries };
}

function isTrusted(proxies: TrustedProxies, address: string): boolean {
  const a = plain(address);
  const family = isIP(a);
  return family !== 0 && proxies.list.check(a, family === 6 ? "ipv6" : "ipv4");
}

/** One hop as a proxy wrote it: `1.2.3.4`, `1.2.3.4:5678`, `[::1]:80`, `"[2001:db8::1]"`; null when it is no address. */
function hopAddress(raw: string): string | null {
  const value = raw.trim().replace(/^"(.*)"$/, "$1");
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value);
  const withPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(value);
  const address = plain(bracketed?.[1] ?? withPort?.[1] ?? value);
  return isIP(address) === 0 ? null : address;
}

type Headers = Readonly<Record<string, string | string[] | undefined>>;

const joined = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(",") : value);

/** The hops a proxy chain reported, nearest last: X-Forwarded-For when present, else the `for=` of Forwarded. */
function reportedHops(headers: Headers): string[] {
  const xff = joined(headers["x-forwarded-for"]);
  if (xff !== undefined) return xff.split(",");
  const forwarded = joined(headers.forwarded);
  if (forwarded === undefined) return [];
  return forwarded.split(",").flatMap((element) => {
    const pair = element.split(";").find((p) => p.trim().toLowerCase().startsWith("for="));
    return pair === undefined ? [] : [pair.trim().slice(4)];
  });
}

/**
 * The client's address: the socket's, unless it is a trusted proxy; then, walking the reported hops from the
 * nearest, the first that is not a trusted proxy (a client cannot forge what a trusted proxy appended after it).
 * A hop that is not an address stops the walk at the proxy that reported it.
 */
export function clientAddressOf(socketAddress: string | undefined, headers: Headers, proxies: TrustedProxies | null): string {
  let address = socketAddress === undefined ? "unknown" : plain(socketAddress);
  if (proxies === null || proxies.entries.length === 0) return address;
  const hops = reportedHops(headers);
  while (isTrusted(proxies, address) && hops.length > 0) {
    const next = hopAddress(hops.pop() ?? "");
    if (next === null) break;
    address = next;
  }
  return address;
}
