import { describe, expect, it } from "vitest";
import { apiTokenExpiry, canGrantScopes, scopeAllows } from "./api-tokens";

describe("API token scopes", () => {
  it("allows a route only with its scope, or admin", () => {
    expect(scopeAllows(["projects:read"], "projects:read")).toBe(true);
    expect(scopeAllows(["projects:read"], "projects:write")).toBe(false);
    expect(scopeAllows(["admin"], "invoices:read")).toBe(true);
    expect(scopeAllows([], "projects:read")).toBe(false);
  });

  it("lets only an admin grant admin", () => {
    expect(canGrantScopes("client", ["admin"])).toBe(false);
    expect(canGrantScopes("creative", ["projects:read", "admin"])).toBe(false);
    expect(canGrantScopes("client", ["projects:read", "comments:write"])).toBe(true);
    expect(canGrantScopes("admin", ["admin"])).toBe(true);
  });

  it("runs out after the days asked, or never", () => {
    const now = new Date("2026-11-28T00:00:00Z");
    expect(apiTokenExpiry(now, 30)?.toISOString()).toBe("2026-12-28T00:00:00.000Z");
    expect(apiTokenExpiry(now, undefined)).toBeNull();
  });
});
