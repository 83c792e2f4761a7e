import { describe, expect, it } from "vitest";
import { routeLabeller } from "./route-label";

describe("routeLabeller", () => {
  const label = routeLabeller({
    staticRoutes: [{ page: "/" }, { page: "/login" }, { page: "/healthz" }],
    dynamicRoutes: [
      { page: "/projects/[id]", regex: "^/projects/([^/]+?)(?:/)?$" },
      { page: "/api/trpc/[trpc]", regex: "^/api/trpc/([^/]+?)(?:/)?$" },
    ],
  });

  it("names a request by its route's pattern, never by its IDs", () => {
    expect(label("/")).toBe("/");
    expect(label("/login/")).toBe("/login");
    expect(label("/projects/0b4c1e52-9f3a-4d2e-8c51-1b2a3c4d5e6f")).toBe("/projects/[id]");
    expect(label("/api/trpc/projects.list,notifications.count")).toBe("/api/trpc/[trpc]");
    expect(label("/_next/static/chunks/abc123.js")).toBe("/_next/static");
  });

  it("puts whatever the build does not route under one label", () => {
    expect(label("/wp-admin.php")).toBe("other");
    expect(label("/projects/a/b/c")).toBe("other");
  });
});
