// The parallelism table by number of files.
import { describe, expect, it } from "vitest";
import { fileConcurrency, partConcurrency } from "./concurrency";

describe("partConcurrency", () => {
  it.each([
    [1, 10],
    [2, 5],
    [3, 3],
    [4, 2],
    [5, 2],
    [10000, 2],
    [10001, 2],
  ])("%i files -> %i parts at once", (files, parts) => {
    expect(partConcurrency(files)).toBe(parts);
  });
});

describe("fileConcurrency", () => {
  it.each([
    [0, 1],
    [1, 1],
    [2, 2],
    [3, 3],
    [4, 4],
    [5, 4],
    [10000, 4],
    [10001, 4],
  ])("%i files -> %i files at once", (files, concurrent) => {
    expect(fileConcurrency(files)).toBe(concurrent);
  });
});
