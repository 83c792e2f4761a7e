// Who may read the dev mailbox: it shows every sign-in link, so only a person on this very machine.

/** Hosts and socket addresses of this machine: 127.0.0.0/8, ::1 (also IPv4-mapped) and the name localhost. */
export function isLoopbackHost(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[(.*)\]$/, "$1");
  return h === "localhost" || h === "::1" || /^(::ffff:)?127(\.\d{1,3}){3}$/.test(h);
}

/** A Host header that names this machine: localhost, 127.0.0.1 or [::1], with or without a port. */
function isLoopbackHostHeader(host: string | undefined): boolean {
  return host !== undefined && /^(localhost|127\.0\.0\.1|\[::1\])(:\d{1,5})?$/i.test(host);
}

const FORWARDING_HEADERS = ["forwarded", "via", "x-real-ip"];

/** The request came through a proxy, which would make a remote client look local. */
function isForwarded(headers: Record<string, string | string[] | undefined>): boolean {
  return Object.keys(headers).some((name) => {
    const n = name.toLowerCase();
    return FORWARDING_HEADERS.includes(n) || n.startsWith("x-forwarded-");
  });
}

export interface MailboxRequest {
  /** The address the server listens on (HOST). */
  boundHost: string;
  /** The socket's remote address. */
  remoteAddress: string | undefined;
  headers: Record<string, string | string[] | undefined>;
}

/** The dev mailbox answers only on a loopback bind, to a loopback socket, for a loopback Host, with no proxy in between. */
export function mayReadDevMail(req: MailboxRequest): boolean {
  const host = req.headers.host;
  return (
    isLoopbackHost(req.boundHost) &&
    req.remoteAddress !== undefined &&
    isLoopbackHost(req.remoteAddress) &&
    isLoopbackHostHeader(typeof host === "string" ? host : undefined) &&
    !isForwarded(req.headers)
  );
}

/** Paths under /dev (the dev mailbox and anything else that shows dev mail), however the client spells them. */
export function isDevMailPath(url: string | undefined): boolean {
  let path: string;
  try {
    const raw = url ?? "/";
    // A request target is a path, or an absolute URL when sent as to a proxy.
    path = decodeURIComponent(/^[a-z][a-z\d+.-]*:\/\//i.test(raw) ? new URL(raw).pathname : (raw.split(/[?#]/, 1)[0] ?? ""));
  } catch {
    return true;
  }
  const p = path.toLowerCase().replace(/[/\\]+/g, "/");
  return p === "/dev" || p.startsWith("/dev/") || p.startsWith("/dev.");
}
