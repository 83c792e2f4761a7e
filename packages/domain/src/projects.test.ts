import { describe, expect, it } from "vitest";
import { projectDisplayName } from "./project-name";
import {
  assetFolderInput,
  canArchiveProject,
  canCreateProjectFor,
  canRemoveProjectFile,
  canSeeProject,
  filterProjects,
  projectName,
  stageAfter,
} from "./projects";

describe("projectName", () => {
  it.each([
    ["Summer party flyer", "2026-11-22-Summer-party-flyer"],
    ["  Menu  card / autumn ", "2026-11-22-Menu-card-autumn"],
    ["   ", "2026-11-22-Untitled"],
  ])("%s -> %s", (title, expected) => {
    expect(projectName(new Date("2026-11-22T23:00:00Z"), title)).toBe(expected);
  });

  it("reads back as the title through the display rule", () => {
    expect(projectDisplayName(projectName(new Date("2026-01-05T10:00:00Z"), "Summer party flyer"))).toBe("Summer party flyer");
  });
});

describe("who sees and changes projects", () => {
  const project = { businessId: "acme" };
  it.each([
    [{ role: "admin" as const, businessId: null }, true],
    [{ role: "creative" as const, businessId: null }, true],
    [{ role: "client" as const, businessId: "acme" }, true],
    [{ role: "client" as const, businessId: "globex" }, false],
    [{ role: "client" as const, businessId: null }, false],
  ])("%o sees acme: %s", (viewer, expected) => {
    expect(canSeeProject(viewer, project)).toBe(expected);
    expect(canCreateProjectFor(viewer, "acme")).toBe(expected);
  });

  it("lets only staff archive", () => {
    expect(canArchiveProject({ role: "creative", businessId: null })).toBe(true);
    expect(canArchiveProject({ role: "client", businessId: "acme" })).toBe(false);
  });

  it("lets staff remove any file, a client only its own uploads", () => {
    const cleo = { id: "cleo", role: "client" as const, businessId: "acme" };
    expect(canRemoveProjectFile(cleo, { uploadedBy: "cleo" })).toBe(true);
    expect(canRemoveProjectFile(cleo, { uploadedBy: "dora" })).toBe(false);
    expect(canRemoveProjectFile(cleo, { uploadedBy: null })).toBe(false);
    expect(canRemoveProjectFile({ id: "dora", role: "creative", businessId: null }, { uploadedBy: "cleo" })).toBe(true);
    expect(canRemoveProjectFile({ id: "ada", role: "admin", businessId: null }, { uploadedBy: null })).toBe(true);
  });
});

describe("assetFolderInput", () => {
  const business = { id: "b1", name: "Acme Coffee" };
  it.each([
    ["briefing", "flyer", "BRIEFING"],
    ["materials", "flyer", "MATERIALS"],
    ["print_ready", "flyer", "PRINT-READY"],
    // A project whose event is print keeps its materials out of the print-ready folder.
    ["materials", "print", "MATERIALS"],
  ] as const)("%s of a %s project", (kind, event, subfolder) => {
    const project = { id: "p1", name: "2026-11-22-Menu", event };
    expect(assetFolderInput(kind, business, project)).toEqual({
      client: "Acme Coffee",
      clientId: "b1",
      name: "2026-11-22-Menu",
      projectId: "p1",
      subfolder,
    });
  });
});

describe("stageAfter", () => {
  it.each([
    [null, null],
    ["shadow", null],
    ["briefing", "briefing"],
    ["modification", "modification"],
    ["approved", "approved"],
    ["reopened", "reopened"],
    ["in_progress", "in_progress"],
    ["proof_sent", "proof_sent"],
    ["delivered", "delivered"],
    ["new", null],
    ["archived", null],
  ])("%s -> %s", (event, stage) => expect(stageAfter(event)).toBe(stage));
});

describe("filterProjects", () => {
  const projects = [
    {
      name: "2026-03-01-Spring poster",
      businessName: "Acme Coffee",
      assigneeId: "dora",
      assigneeName: "Dora Designer",
      stage: "modification" as const,
    },
    { name: "2026-03-04-Menu", businessName: "Café Crème", assigneeId: null, assigneeName: null, stage: "new" as const },
    { name: "2026-03-09-Logo refresh", businessName: "Globex", assigneeId: "dan", assigneeName: "Dan Draw", stage: "approved" as const },
  ];
  const names = (filter: Parameters<typeof filterProjects>[1]) => filterProjects(projects, filter).map((p) => p.name.slice(11));

  it("keeps every project without a filter", () => {
    expect(names({})).toEqual(["Spring poster", "Menu", "Logo refresh"]);
    expect(names({ query: "   ", stage: "all" })).toEqual(["Spring poster", "Menu", "Logo refresh"]);
  });

  it("finds every word, in any case and order, without accents, in name, business, designer or stage", () => {
    expect(names({ query: "POSTER acme" })).toEqual(["Spring poster"]);
    expect(names({ query: "cafe creme" })).toEqual(["Menu"]);
    expect(names({ query: "dan" })).toEqual(["Logo refresh"]);
    expect(names({ query: "changes requested" })).toEqual(["Spring poster"]);
    expect(names({ query: "poster globex" })).toEqual([]);
  });

  it("narrows to a stage, and to a designer or the unassigned", () => {
    expect(names({ stage: "new" })).toEqual(["Menu"]);
    expect(names({ stage: "approved" })).toEqual(["Logo refresh"]);
    expect(names({ assigneeId: "dora" })).toEqual(["Spring poster"]);
    expect(names({ assigneeId: null })).toEqual(["Menu"]);
    expect(names({ assigneeId: "dora", stage: "approved" })).toEqual([]);
  });
});
