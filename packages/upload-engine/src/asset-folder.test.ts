// Asset folder precedence, sanitising and avatar paths.
import { describe, expect, it } from "vitest";
import { assetFolder, assetPath, avatarPath, brandFolder } from "./asset-folder";

const project = { client: "Acme Café", clientId: "b1", name: "2024-03-15-spring-campaign", projectId: "p1" };

describe("assetFolder", () => {
  it.each([
    [{ delivery: true, title: "Final Art", briefing: false }, "Final_Art"],
    [{ delivery: true, title: "Final Art", event: "print" }, "Final_Art"],
    [{ delivery: true, title: "Final Art", briefing: true }, "BRIEFING"],
    [{ delivery: true, title: "Final Art", briefing: true, event: "print" }, "PRINT-READY"],
    [{ delivery: true, title: "" }, "MATERIALS"],
    [{ delivery: true, title: "   " }, "MATERIALS"],
    [{ delivery: false, title: "Ignored" }, "MATERIALS"],
    [{ event: "print" }, "PRINT-READY"],
    [{ event: "print", briefing: true }, "PRINT-READY"],
    [{ briefing: true }, "BRIEFING"],
    [{ event: "briefing" }, "MATERIALS"],
    [{}, "MATERIALS"],
    [{ subfolder: "BRIEFING", delivery: true, title: "Final Art", event: "print" }, "BRIEFING"],
  ])("picks the subfolder for %j", (extra, sub) => {
    expect(assetFolder({ ...project, ...extra })).toBe(`Acme_Cafe-b1/2024/2024-03-15-spring-campaign-p1/${sub}`);
  });

  it("sanitises every segment, including a title with slashes", () => {
    expect(assetFolder({ client: "../x", clientId: "../b", name: "Ré/sumé", projectId: "p/1", delivery: "yes", title: "a/../b" })).toBe(
      "-x--b/Re-s/Re-sume-p-1/a-..-b",
    );
  });

  it("takes the first 4 characters of the name before sanitising", () => {
    expect(assetFolder({ client: "C", clientId: "b", name: "ab", projectId: "p" })).toBe("C-b/ab/ab-p/MATERIALS");
    expect(assetFolder({ client: "C", clientId: "b", name: "Éé ÉéX", projectId: "p" })).toBe("C-b/Ee_E/Ee_EeX-p/MATERIALS");
  });

  it("gives businesses and projects whose names sanitise alike folders of their own", () => {
    const joes = assetFolder({ client: "Joe's Pizza", clientId: "b1", name: "2026-11-22-Menu", projectId: "p1" });
    const joes2 = assetFolder({ client: "Joes Pizza", clientId: "b2", name: "2026-11-22-Menu", projectId: "p2" });
    expect(joes).toBe("Joes_Pizza-b1/2026/2026-11-22-Menu-p1/MATERIALS");
    expect(joes2).toBe("Joes_Pizza-b2/2026/2026-11-22-Menu-p2/MATERIALS");
  });

  it("keeps the id whole however long the name", () => {
    const folder = assetFolder({ client: "ß".repeat(150), clientId: "b1", name: "x".repeat(300), projectId: "p1" });
    const [client, , name] = folder.split("/");
    expect(client).toBe(`${"s".repeat(100)}-b1`);
    expect(name).toBe(`${"x".repeat(100)}-p1`);
  });

  it("builds a file path under the folder", () => {
    expect(assetPath(assetFolder(project), "Logo final.PNG")).toBe(
      "Acme_Cafe-b1/2024/2024-03-15-spring-campaign-p1/MATERIALS/Logo_final.PNG",
    );
  });
});

describe("avatarPath", () => {
  it("is mode/id", () => {
    expect(avatarPath("users", "3f2a-9b")).toBe("users/3f2a-9b");
  });

  it("cannot escape the mode folder", () => {
    expect(avatarPath("users", "../admin")).toBe("users/-admin");
    expect(avatarPath("..", "x")).toBe("untitled/x");
  });
});

describe("brandFolder", () => {
  it("keeps a business's brand library beside its projects, every segment sanitised", () => {
    expect(brandFolder({ name: "Acme Café", id: "b1" })).toBe("Acme_Cafe-b1/BRAND");
    expect(brandFolder({ name: "../x", id: "../b" })).toBe("-x--b/BRAND");
    // A project's folder has four segments, so no project's folder is the brand folder.
    expect(assetFolder({ ...project, name: "BRAND" }).split("/")).toHaveLength(4);
  });
});
