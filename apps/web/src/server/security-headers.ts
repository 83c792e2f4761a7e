// Headers on every response: what the browser may load and run, who may frame the app, what the Referer tells.

const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  // Next's bootstrap and hydration scripts are inline; no other origin may run script.
  "script-src 'self' 'unsafe-inline'",
  "style-src 'self' 'unsafe-inline'",
  // Images come from /storage, social avatars and the upload servers; previews of picked files are blob: URLs.
  "img-src 'self' data: blob: http: https:",
  "font-src 'self' data:",
  // Videos and sounds play from whichever upload server a file link redirects to.
  "media-src 'self' blob: http: https:",
  // Browsers upload straight to the balancer and to whichever upload server it hands out at run time.
  "connect-src 'self' http: https:",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'none'",
].join("; ");

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "Content-Security-Policy": CONTENT_SECURITY_POLICY,
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
};
