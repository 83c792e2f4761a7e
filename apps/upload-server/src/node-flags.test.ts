import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { UPLOAD_SERVER_NODE_FLAGS } from "./node-flags";

const runNode = (flags: readonly string[]) => spawnSync(process.execPath, [...flags, "-e", "process.exit(0)"], { encoding: "utf8" });

describe("the upload server node flags", () => {
  it("are accepted by this node, so npm start does not stop at a bad option", () => {
    const run = runNode(UPLOAD_SERVER_NODE_FLAGS);
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
  });

  it("would be caught if node stopped knowing one of them", () => {
    const run = runNode(UPLOAD_SERVER_NODE_FLAGS.map((flag) => `${flag}-gone`));
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain("bad option");
  });
});
