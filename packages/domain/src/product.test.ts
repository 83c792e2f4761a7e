import { describe, expect, it } from "vitest";
import { PAGE_TITLE, PRODUCT_NAME } from "./product";

describe("product identity", () => {
  it("names the product and its title", () => {
    expect(PRODUCT_NAME).toBe("Atelier");
    expect(PAGE_TITLE).toBe("Atelier — project management for design requests");
  });
});
