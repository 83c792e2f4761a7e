import { describe, expect, it } from "vitest";
import { runReadinessChecks } from "./readiness";

describe("runReadinessChecks", () => {
  it("is ready only when every check passes, and says ok or failing per check", async () => {
    const logged: string[] = [];
    const log = (m: string) => logged.push(m);
    expect(await runReadinessChecks({ a: () => true, b: async () => true }, log)).toEqual({ ready: true, checks: { a: "ok", b: "ok" } });
    const mixed = await runReadinessChecks(
      {
        a: () => true,
        no: () => false,
        throws: async () => {
          throw new Error("connect ECONNREFUSED 10.0.0.5:5432");
        },
      },
      log,
    );
    expect(mixed).toEqual({ ready: false, checks: { a: "ok", no: "failing", throws: "failing" } });
    // The detail goes to the log only.
    expect(JSON.stringify(mixed)).not.toContain("ECONNREFUSED");
    expect(logged).toEqual(["readiness: no failing", "readiness: throws failing: connect ECONNREFUSED 10.0.0.5:5432"]);
  });

  it("counts a check that does not answer in time as failing", async () => {
    const logged: string[] = [];
    const never = () => new Promise<boolean>(() => undefined);
    const result = await runReadinessChecks({ hangs: never, fine: () => true }, (m) => logged.push(m), 30);
    expect(result).toEqual({ ready: false, checks: { hangs: "failing", fine: "ok" } });
    expect(logged).toEqual(["readiness: hangs failing: no answer within 30 ms"]);
  });
});
