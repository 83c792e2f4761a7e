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

/** The path part of a request target (absolute-form targets, as sent to a proxy, have theirs taken out); null when there is none. */
function rawPathOf(url: string | undefined): string | null {
  const raw = url ?? "/";
  if (/^[a-z][a-z\d+.-]*:\/\//i.test(raw)) {
    try {
      return new URL(raw).pathname;
    } catch {
      return null;
    }
  }
  const path = raw.split(/[?#]/, 1)[0] ?? "";
  return path.startsWith("/") ? path : null;
}

/**
 * The path as a router reads it: dot segments resolved (also spelled %2e), backslashes as slashes, repeated slashes
 * as one (WHATWG URL parsing, which Next's router applies after us). Null for a target that has no path.
 */
export function normalPath(url: string | undefined): string | null {
  const path = rawPathOf(url);
  if (path === null) return null;
  // Joined as text: as a relative reference, //dev would be read as a host name.
  return new URL(`http://n${path}`).pathname.replace(/\/{2,}/g, "/");
}

/**
 * Whether the request target's path is already in its normal form. One that is not (`/x/../dev/mailbox`,
 * `/./dev`, `//dev`) is refused before anything matches on it: a rule on the raw path and a router on the normal
 * one would otherwise disagree about which page was asked for. `*` (OPTIONS) passes; it names no page. So do
 * percent-encoded letters: every reader decodes them the same way, and the dev mailbox match decodes them too.
 */
export function isNormalTarget(url: string | undefined): boolean {
  if (url === "*") return true;
  // An origin server is sent paths; a full URL (as to a proxy) is read differently by different parsers.
  if (url === undefined || !url.startsWith("/")) return false;
  const path = rawPathOf(url);
  // Controls and spaces: URL parsers drop or keep them differently (a tab is removed by WHATWG's).
  if (path === null || [...path].some((c) => c.charCodeAt(0) <= 0x20 || c.charCodeAt(0) === 0x7f)) return false;
  // Percent-encoded dots and separators are spelled out: %2e is a dot segment to a URL parser.
  const spelled = path.replace(/%2e/gi, ".").replace(/%2f/gi, "/").replace(/%5c/gi, "\\");
  if (spelled.includes("\\") || spelled.includes("//")) return false;
  return !spelled.split("/").some((segment) => segment === "." || segment === "..");
}

/** Dot segments of an already decoded path resolved, separators of either kind as one slash. */
function resolveSegments(path: string): string {
  const out: string[] = [];
  for (const segment of path.split(/[/\\]+/)) {
    if (segment === "..") out.pop();
    else if (segment !== "." && segment !== "") out.push(segment);
  }
  return `/${out.join("/")}`;
}

/** Paths under /dev (the dev mailbox and anything else that shows dev mail), however the client spells them. */
export function isDevMailPath(url: string | undefined): boolean {
  let path: string;
  try {
    const normal = normalPath(url);
    if (normal === null) return true;
    // Decoded, then resolved again: an encoded slash or dot must not hide /dev from the match.
    path = resolveSegments(decodeURIComponent(normal)).toLowerCase();
  } catch {
    return true;
  }
  return path === "/dev" || path.startsWith("/dev/") || path.startsWith("/dev.");
}

// The web server decides the gate before Next sees a request and tells the mailbox page through a header whose value
// is a secret of this process: a client cannot send it, and a server run without serve.ts (next start) never sets it,
// so the page refuses. Kept on globalThis because serve.ts and Next's bundle are separate module graphs in one process.
const VERDICT_KEY = Symbol.for("atelier.devMailVerdict");
export const DEV_MAIL_VERDICT_HEADER = "x-atelier-dev-mail";

type Verdicts = { [VERDICT_KEY]?: string };

/** Called by the web server at start: from then on, requests it let through carry this process's verdict. */
export function devMailVerdictFor(allowed: boolean): string | undefined {
  const g = globalThis as Verdicts;
  g[VERDICT_KEY] ??= crypto.randomUUID();
  return allowed ? g[VERDICT_KEY] : undefined;
}

/** The mailbox page's own check: the web server in front of Next let this very request through the gate. */
export function hasDevMailVerdict(value: string | null): boolean {
  const expected = (globalThis as Verdicts)[VERDICT_KEY];
  return expected !== undefined && value === expected;
}
