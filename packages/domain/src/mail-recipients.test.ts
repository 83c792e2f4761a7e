import { describe, expect, it } from "vitest";
import { isInvolvedInProject } from "./mail-recipients";

describe("isInvolvedInProject", () => {
  const project = { businessId: "acme", assigneeId: "d1", createdBy: "c1", participantIds: new Set(["d2"]) };
  it("takes in the business's people, not another business's", () => {
    expect(isInvolvedInProject({ id: "c2", role: "client", businessId: "acme" }, project)).toBe(true);
    expect(isInvolvedInProject({ id: "c3", role: "client", businessId: "globex" }, project)).toBe(false);
  });
  it("takes in the studio's people who work on it or wrote in it, not the rest of the studio", () => {
    expect(isInvolvedInProject({ id: "d1", role: "creative", businessId: null }, project)).toBe(true);
    expect(isInvolvedInProject({ id: "d2", role: "creative", businessId: null }, project)).toBe(true);
    expect(isInvolvedInProject({ id: "d3", role: "creative", businessId: null }, project)).toBe(false);
    expect(isInvolvedInProject({ id: "a1", role: "admin", businessId: null }, project)).toBe(false);
    expect(isInvolvedInProject({ id: "a1", role: "admin", businessId: null }, { ...project, createdBy: "a1" })).toBe(true);
  });
  it("takes in the admins, not the designers, while nobody is assigned", () => {
    const unassigned = { ...project, assigneeId: null };
    expect(isInvolvedInProject({ id: "a1", role: "admin", businessId: null }, unassigned)).toBe(true);
    expect(isInvolvedInProject({ id: "d3", role: "creative", businessId: null }, unassigned)).toBe(false);
  });
});
