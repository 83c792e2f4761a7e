import { describe, expect, it } from "vitest";
import { COMPRESS_FROM_BYTES, leaveSmallAnswersUncompressed } from "./small-answers";

const answer = (text: string, init: ResponseInit = {}) =>
  new Response(text, { status: 200, ...init, headers: { "content-type": "application/json", ...(init.headers as object) } });
const small = JSON.stringify({ id: "u1", name: "Dana" });
const large = JSON.stringify({ items: Array.from({ length: 100 }, (_, i) => ({ id: i, name: `Project ${i}` })) });

describe("leaveSmallAnswersUncompressed", () => {
  it("marks a small answer no-transform and keeps it, its status and its headers", async () => {
    expect(small.length).toBeLessThan(COMPRESS_FROM_BYTES);
    const res = await leaveSmallAnswersUncompressed(answer(small, { status: 404, headers: { "x-keep": "1" } }));
    expect(res.headers.get("cache-control")).toBe("no-transform");
    expect(res.status).toBe(404);
    expect(res.headers.get("x-keep")).toBe("1");
    expect(res.headers.get("content-type")).toBe("application/json");
    expect(await res.text()).toBe(small);
  });

  it("adds no-transform to a cache-control already there", async () => {
    const res = await leaveSmallAnswersUncompressed(answer(small, { headers: { "cache-control": "private" } }));
    expect(res.headers.get("cache-control")).toBe("private, no-transform");
  });

  it("leaves a large answer to be compressed", async () => {
    const res = await leaveSmallAnswersUncompressed(answer(large));
    expect(res.headers.get("cache-control")).toBeNull();
    expect(await res.text()).toBe(large);
  });
});
