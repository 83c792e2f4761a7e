import { describe, expect, it } from "vitest";
import { projectDisplayName } from "./project-name";
import {
  assetFolderInput,
  canArchiveProject,
  canCreateProjectFor,
  canRemoveProjectFile,
  canSeeProject,
  filesDeliveredNote,
  isProjectFilterNarrowing,
  type ProjectFilter,
  projectFilterFromParams,
  projectFilterToParams,
  projectName,
  projectOpenedNote,
  searchWords,
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

describe("searchWords", () => {
  it("splits on white space, keeps each word once and at most eight", () => {
    expect(searchWords("  Spring\tposter  spring ")).toEqual(["Spring", "poster", "spring"]);
    expect(searchWords("a a a")).toEqual(["a"]);
    expect(searchWords("   ")).toEqual([]);
    expect(searchWords(undefined)).toEqual([]);
    expect(searchWords("1 2 3 4 5 6 7 8 9 10")).toEqual(["1", "2", "3", "4", "5", "6", "7", "8"]);
  });
});

describe("project filters in the address", () => {
  const roundTrip = (filter: ProjectFilter) => projectFilterFromParams(projectFilterToParams(filter));

  it("keeps every filter through the address", () => {
    const filter: ProjectFilter = { query: "café menu", stage: "approved", assigneeId: "dora", businessId: "acme", sort: "name" };
    expect(projectFilterToParams(filter).toString()).toBe("q=caf%C3%A9+menu&stage=approved&designer=dora&business=acme&sort=name");
    expect(roundTrip(filter)).toEqual(filter);
    expect(roundTrip({ assigneeId: null })).toEqual({ assigneeId: null });
    expect(projectFilterToParams({ overdue: true, sort: "due" }).toString()).toBe("overdue=1&sort=due");
    expect(roundTrip({ overdue: true, sort: "due" })).toEqual({ overdue: true, sort: "due" });
    expect(projectFilterFromParams(new URLSearchParams("overdue=yes"))).toEqual({});
  });

  it("leaves the default list's address bare", () => {
    expect(projectFilterToParams({ query: "  ", sort: "newest" }).toString()).toBe("");
    expect(projectFilterFromParams(new URLSearchParams(""))).toEqual({});
  });

  it("ignores what it does not recognise", () => {
    expect(projectFilterFromParams(new URLSearchParams(`stage=done&sort=random&designer=&business=${"x".repeat(201)}`))).toEqual({});
  });

  it("tells a narrowing filter from a reordering one", () => {
    expect(isProjectFilterNarrowing({ sort: "oldest" })).toBe(false);
    expect(isProjectFilterNarrowing({ query: " " })).toBe(false);
    expect(isProjectFilterNarrowing({ assigneeId: null })).toBe(true);
    expect(isProjectFilterNarrowing({ stage: "new" })).toBe(true);
    expect(isProjectFilterNarrowing({ overdue: true })).toBe(true);
    expect(isProjectFilterNarrowing({ overdue: false, sort: "due" })).toBe(false);
  });
});

describe("projectOpenedNote", () => {
  it("names the kind of project and its title", () => {
    expect(projectOpenedNote("Spring flyer", "flyer")).toBe("Started a flyer project: Spring flyer");
    expect(projectOpenedNote("Feed", "social")).toBe("Started a social media project: Feed");
  });
});

describe("filesDeliveredNote", () => {
  it("speaks only of print-ready files", () => {
    expect(filesDeliveredNote("briefing", ["a.pdf"])).toBeNull();
    expect(filesDeliveredNote("materials", ["logo.svg"])).toBeNull();
    expect(filesDeliveredNote("print_ready", [])).toBeNull();
  });

  it("names the files, and counts the rest past five", () => {
    expect(filesDeliveredNote("print_ready", ["flyer.pdf"])).toBe("Delivered 1 print-ready file: flyer.pdf");
    const names = ["1.pdf", "2.pdf", "3.pdf", "4.pdf", "5.pdf", "6.pdf", "7.pdf"];
    expect(filesDeliveredNote("print_ready", names)).toBe("Delivered 7 print-ready files: 1.pdf, 2.pdf, 3.pdf, 4.pdf, 5.pdf and 2 more");
  });
});
