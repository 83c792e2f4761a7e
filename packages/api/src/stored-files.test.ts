import { verifyFileDeleteToken, verifySignedDownloadToken } from "@atelier/storage";
import { describe, expect, it } from "vitest";
import { deleteStoredFile, signedDownloadUrl } from "./stored-files";

const files = { secret: "s".repeat(32), balancerUrl: "http://balancer.test/" };
const now = new Date(Date.UTC(2026, 10, 22));

describe("signedDownloadUrl", () => {
  it("links the key at the given upload server, signed for that key", () => {
    const link = new URL(signedDownloadUrl("http://up.test:3101", "ACME/a b/x.pdf", "u1", files.secret, now));
    expect(link.origin).toBe("http://up.test:3101");
    expect(link.pathname).toBe("/files/ACME/a%20b/x.pdf");
    expect([...link.searchParams.keys()]).toEqual(["token"]);
    expect(verifySignedDownloadToken(link.searchParams.get("token"), { path: "ACME/a b/x.pdf" }, files.secret, now).ok).toBe(true);
  });
});

describe("deleteStoredFile", () => {
  function recordingFetch(balancer: Response | Error) {
    const calls: { url: string; method: string }[] = [];
    const fetchImpl = (async (input: string | URL | Request, init?: RequestInit) => {
      const url = String(input);
      calls.push({ url, method: init?.method ?? "GET" });
      if (url === files.balancerUrl) {
        if (balancer instanceof Error) throw balancer;
        return balancer;
      }
      return new Response(null, { status: 204 });
    }) as typeof fetch;
    return { calls, fetchImpl };
  }

  it("deletes the key at the server the balancer picks, with a token for that key", async () => {
    const { calls, fetchImpl } = recordingFetch(Response.json({ url: "http://up-2.test:3102" }));
    expect(await deleteStoredFile(files, "ACME/Spri/x y.pdf", { userId: "u1", anyOwner: false }, now, fetchImpl)).toBe(true);
    expect(calls.map((c) => c.method)).toEqual(["GET", "DELETE"]);
    const target = new URL(calls[1]!.url);
    expect(target.origin).toBe("http://up-2.test:3102");
    expect(target.pathname).toBe("/files/ACME/Spri/x%20y.pdf");
    expect(verifyFileDeleteToken(target.searchParams.get("token"), { path: "ACME/Spri/x y.pdf" }, files.secret, now)).toMatchObject({
      ok: true,
      userId: "u1",
      anyOwner: false,
    });
  });

  it("answers false, sending no deletion, when no server is available", async () => {
    for (const balancer of [
      new Response("{}", { status: 503 }),
      new Error("connection refused"),
      Response.json({ url: "javascript:alert(1)" }),
    ]) {
      const { calls, fetchImpl } = recordingFetch(balancer);
      expect(await deleteStoredFile(files, "ACME/x.pdf", { userId: "u1", anyOwner: false }, now, fetchImpl)).toBe(false);
      expect(calls.filter((c) => c.method === "DELETE")).toEqual([]);
    }
  });
});
