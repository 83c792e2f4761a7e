// Where a webhook may be sent: public addresses only, unless the operator allows private ones (WEBHOOK_ALLOW_PRIVATE).
// Otherwise anyone who may register an endpoint could make the server call into its own network (SSRF): loopback,
// private ranges, link-local (169.254.169.254 answers cloud credentials), unique-local IPv6 and the like. The URL is
// checked when it is registered, and every attempt checks the addresses it is about to connect to, so a name that
// resolves elsewhere later (DNS rebinding) is caught where it matters.
import { type LookupAddress, type LookupAllOptions, lookup } from "node:dns";
import { isIP } from "node:net";
import { DomainError } from "@atelier/domain";
import ipaddr from "ipaddr.js";

/**
 * An address on the public internet: what ipaddr.js calls unicast, which leaves out loopback, private, link-local,
 * unique-local, carrier-grade NAT, multicast, unspecified, documentation and other special ranges (IPv4-mapped IPv6
 * addresses are judged as the IPv4 address they carry).
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === "unicast";
}

class WebhookTargetError extends Error {
  override readonly name = "WebhookTargetError";
}

const refusal = (host: string, address: string) =>
  new WebhookTargetError(
    `${host === address ? address : `${host} (${address})`} is not a public address: webhooks are sent only to the public internet unless the operator sets WEBHOOK_ALLOW_PRIVATE=true.`,
  );

/** A URL's host as an address or a name: brackets off an IPv6 literal. */
const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, "$1");

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for node:http that resolves a name as usual and refuses it unless every address it has is public
 * (or `allowPrivate`); the connection then goes to an address that was checked, never to a second resolution.
 */
export function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: { all?: boolean; family?: number | string }, callback: LookupCallback): void => {
    lookup(hostname, { ...options, all: true } as LookupAllOptions, (error, addresses) => {
      if (error) return callback(error, []);
      const bad = allowPrivate ? undefined : addresses.find((a) => !isPublicAddress(a.address));
      if (bad) return callback(Object.assign(refusal(hostname, bad.address), { code: "EWEBHOOKPRIVATE" }), []);
      if (options.all) return callback(null, addresses);
      const [first] = addresses;
      if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: "ENOTFOUND" }), []);
      callback(null, first.address, first.family);
    });
  };
}

/** Refuses an IP literal that is not public (a name is checked by guardedLookup when it is resolved). */
export function assertLiteralAllowed(url: URL, allowPrivate: boolean): void {
  const host = hostOf(url);
  if (!allowPrivate && isIP(host) !== 0 && !isPublicAddress(host)) throw refusal(host, host);
}

/**
 * Checks an endpoint's URL when it is registered: http or https, and (unless `allowPrivate`) a host whose every address
 * is public. Refused with BAD_INPUT and a message saying why.
 */
export async function assertWebhookUrlAllowed(raw: string, allowPrivate: boolean): Promise<void> {
  const url = new URL(raw);
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new DomainError("BAD_INPUT", "A webhook URL starts with http:// or https://.");
  if (allowPrivate) return;
  const host = hostOf(url);
  try {
    if (isIP(host) !== 0) return assertLiteralAllowed(url, allowPrivate);
    await new Promise<void>((resolve, reject) => guardedLookup(false)(host, { all: true }, (error) => (error ? reject(error) : resolve())));
  } catch (error) {
    if (error instanceof WebhookTargetError) throw new DomainError("BAD_INPUT", error.message);
    throw new DomainError("BAD_INPUT", `${host} could not be resolved: check the webhook URL.`);
  }
}
