// Asset folder precedence, sanitising and avatar paths.
import { describe, expect, it } from "vitest";
import { assetFolder, assetPath, avatarPath } from "./asset-folder";

const project = { client: "Acme Café", name: "2024-03-15-spring-campaign" };

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
  ])("picks the subfolder for %j", (extra, sub) => {
    expect(assetFolder({ ...project, ...extra })).toBe(`Acme_Cafe/2024/2024-03-15-spring-campaign/${sub}`);
  });

  it("sanitises every segment, including a title with slashes", () => {
    expect(assetFolder({ client: "../x", name: "Ré/sumé", delivery: "yes", title: "a/../b" })).toBe("-x/Re-s/Re-sume/a-..-b");
  });

  it("takes the first 4 characters of the name before sanitising", () => {
    expect(assetFolder({ client: "C", name: "ab" })).toBe("C/ab/ab/MATERIALS");
    expect(assetFolder({ client: "C", name: "Éé ÉéX" })).toBe("C/Ee_E/Ee_EeX/MATERIALS");
  });

  it("builds a file path under the folder", () => {
    expect(assetPath(project, "Logo final.PNG")).toBe("Acme_Cafe/2024/2024-03-15-spring-campaign/MATERIALS/Logo_final.PNG");
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
