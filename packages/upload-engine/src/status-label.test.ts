// The dialog status label and its precedence.
import { describe, expect, it } from "vitest";
import { type FileStatusInput, statusLabel } from "./status-label";

const waiting: FileStatusInput = {};
const uploading: FileStatusInput = { started: true };
const complete: FileStatusInput = { started: true, complete: true };
const failed: FileStatusInput = { started: true, failed: true };
const paused: FileStatusInput = { started: true, paused: true };

describe("statusLabel", () => {
  it.each<[string, FileStatusInput[], ReturnType<typeof statusLabel>]>([
    ["nothing selected", [], { kind: "waiting", files: 0 }],
    ["three selected", [waiting, waiting, waiting], { kind: "waiting", files: 3 }],
    ["one failed among others", [complete, failed, uploading], { kind: "error" }],
    ["all complete", [complete, complete], { kind: "complete" }],
    ["every open file paused", [complete, paused, paused], { kind: "paused" }],
    ["one uploading, one paused", [uploading, paused], { kind: "uploading" }],
    ["uploading beats processing", [uploading, { processing: "pre" }], { kind: "uploading" }],
    ["pre-processing", [{ processing: "pre" }, { processing: "post" }], { kind: "processing", stage: "pre" }],
    ["post-processing", [complete, { started: true, processing: "post" }], { kind: "processing", stage: "post" }],
  ])("%s", (_, files, label) => {
    expect(statusLabel({ files })).toEqual(label);
  });

  it("reports an error outside any file", () => {
    expect(statusLabel({ files: [waiting], error: true })).toEqual({ kind: "error" });
  });
});
