// The client's address as the web server (src/serve.ts) records it: the socket's, or through trusted proxies
// (TRUSTED_PROXIES) the nearest untrusted hop. The server overwrites this header on every request, so a value a
// client sends never gets through.
export const CLIENT_ADDRESS_HEADER = "x-atelier-client-address";

/** The client's socket address ("unknown" when the request did not come through the web server). */
export function clientAddress(headers: Headers): string {
  return headers.get(CLIENT_ADDRESS_HEADER) ?? "unknown";
}
