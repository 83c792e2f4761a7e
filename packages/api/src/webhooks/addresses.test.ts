import { describe, expect, it } from "vitest";
import { isPublicAddress } from "./addresses";

describe("isPublicAddress", () => {
  it.each([
    "127.0.0.1",
    "127.255.255.254",
    "::1",
    "10.0.0.1",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.0.1",
    "169.254.169.254",
    "fc00::1",
    "fd12:3456::1",
    "fe80::1",
    "0.0.0.0",
    "::",
    "::ffff:127.0.0.1",
    "::ffff:10.1.2.3",
    "100.64.0.1",
    "224.0.0.1",
    "255.255.255.255",
    "192.0.2.1",
    "not an address",
  ])("refuses %s", (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(["8.8.8.8", "172.32.0.1", "93.184.216.34", "2606:4700:4700::1111", "::ffff:8.8.8.8"])("takes %s", (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});
