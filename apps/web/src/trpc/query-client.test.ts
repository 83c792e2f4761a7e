import { QueryObserver } from "@tanstack/react-query";
import { TRPCClientError } from "@trpc/client";
import { describe, expect, it } from "vitest";
import { createQueryClient, shouldRetryQuery } from "./query-client";

const clientError = (httpStatus: number) =>
  new TRPCClientError("x", { result: { error: { message: "x", code: -32600, data: { httpStatus } } } as never });

describe("query policy", () => {
  it("retries a failing query three times, not a 4xx", () => {
    expect([0, 1, 2, 3].map((n) => shouldRetryQuery(n, new Error("network")))).toEqual([true, true, true, false]);
    expect(shouldRetryQuery(0, clientError(401))).toBe(false);
    expect(shouldRetryQuery(0, clientError(503))).toBe(true);
  });

  it("never retries mutations, keeps unused data 5 minutes, and refetches everything after a mutation", async () => {
    const client = createQueryClient();
    expect(client.getDefaultOptions().mutations?.retry).toBe(false);
    expect(client.getDefaultOptions().queries?.gcTime).toBe(300_000);
    let fetches = 0;
    await client.fetchQuery({ queryKey: ["a"], queryFn: () => ++fetches });
    // An active observer, as a mounted component would hold, is what invalidation refetches.
    const observer = new QueryObserver(client, { queryKey: ["a"], queryFn: () => ++fetches });
    const unsubscribe = observer.subscribe(() => {});
    await client
      .getMutationCache()
      .build(client, { mutationFn: async () => "ok" })
      .execute(undefined);
    await new Promise((r) => setTimeout(r, 10));
    expect(fetches).toBe(2);
    unsubscribe();
  });
});
