import { describe, expect, it } from "vitest";
import { clientAddressOf, parseTrustedProxies } from "./client-address";

const proxies = parseTrustedProxies("127.0.0.1, 10.0.0.0/8, fd00::/8");

describe("parseTrustedProxies", () => {
  it("takes addresses and ranges of both families", () => {
    expect(parseTrustedProxies(" 127.0.0.1 ,10.1.0.0/16,::1, fd00::/8 ,").entries).toEqual(["127.0.0.1", "10.1.0.0/16", "::1", "fd00::/8"]);
    expect(parseTrustedProxies("").entries).toEqual([]);
  });
  it.each(["localhost", "10.0.0.0/33", "fd00::/129", "10.0.0.0/8/8", "10.0.0.0/x", "1.2.3", "10.0.0.0/"])("refuses %s", (bad) =>
    expect(() => parseTrustedProxies(bad)).toThrow(`"${bad}" is not an IP address or a CIDR range`),
  );
});

describe("clientAddressOf", () => {
  it("is the socket's address when no proxy is trusted, whatever the headers say", () => {
    expect(clientAddressOf("203.0.113.9", { "x-forwarded-for": "1.1.1.1" }, null)).toBe("203.0.113.9");
    expect(clientAddressOf("127.0.0.1", { "x-forwarded-for": "1.1.1.1" }, parseTrustedProxies(""))).toBe("127.0.0.1");
    expect(clientAddressOf(undefined, {}, proxies)).toBe("unknown");
  });

  it("ignores forwarding headers from a socket that is not a trusted proxy", () => {
    expect(clientAddressOf("203.0.113.9", { "x-forwarded-for": "198.51.100.1" }, proxies)).toBe("203.0.113.9");
    expect(clientAddressOf("::ffff:203.0.113.9", { forwarded: "for=198.51.100.1" }, proxies)).toBe("203.0.113.9");
  });

  it("takes the rightmost untrusted hop through trusted proxies", () => {
    // The client forged 6.6.6.6 in front; the first proxy appended what it saw, the second the first proxy.
    const headers = { "x-forwarded-for": "6.6.6.6, 198.51.100.7, 10.0.0.5" };
    expect(clientAddressOf("127.0.0.1", headers, proxies)).toBe("198.51.100.7");
    expect(clientAddressOf("::ffff:127.0.0.1", { "x-forwarded-for": "198.51.100.7" }, proxies)).toBe("198.51.100.7");
    expect(clientAddressOf("127.0.0.1", { "x-forwarded-for": ["6.6.6.6", "198.51.100.8"] }, proxies)).toBe("198.51.100.8");
  });

  it("reads Forwarded's for= when there is no X-Forwarded-For, ports and brackets removed", () => {
    expect(clientAddressOf("127.0.0.1", { forwarded: 'for=6.6.6.6, for="[2001:db8::1]:4711";proto=https' }, proxies)).toBe("2001:db8::1");
    expect(clientAddressOf("127.0.0.1", { forwarded: "proto=https;for=198.51.100.7:80" }, proxies)).toBe("198.51.100.7");
  });

  it("stops at the proxy when a hop is not an address, and when every hop is trusted takes the farthest", () => {
    expect(clientAddressOf("127.0.0.1", { "x-forwarded-for": "unknown" }, proxies)).toBe("127.0.0.1");
    expect(clientAddressOf("127.0.0.1", { "x-forwarded-for": "198.51.100.1, _hidden" }, proxies)).toBe("127.0.0.1");
    expect(clientAddressOf("127.0.0.1", { "x-forwarded-for": "10.0.0.2, 10.0.0.1" }, proxies)).toBe("10.0.0.2");
    expect(clientAddressOf("fd00::3", { "x-forwarded-for": "2001:db8::7" }, proxies)).toBe("2001:db8::7");
  });
});
