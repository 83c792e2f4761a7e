import { describe, expect, it } from "vitest";
import { currentRequestId, outsideRequest, withRequestId } from "./request-context";
import { withoutTrace } from "./spans";

describe("the request work is done for", () => {
  it("is known to everything a request starts, and to nothing a worker's timer set then runs", async () => {
    const seen: (string | undefined)[] = [];
    await withRequestId("req-0123456789", async () => {
      await new Promise((r) => setTimeout(r, 1));
      seen.push(currentRequestId());
      // A worker's timer, set while the request is answered (a kick after its commit).
      await new Promise<void>((resolve) =>
        withoutTrace(() =>
          setTimeout(() => {
            seen.push(currentRequestId());
            resolve();
          }, 1),
        ),
      );
      seen.push(outsideRequest(() => currentRequestId()));
    });
    seen.push(currentRequestId());
    expect(seen).toEqual(["req-0123456789", undefined, undefined, undefined]);
  });
});
