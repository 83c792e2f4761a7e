import { describe, expect, it } from "vitest";
import { requestInvoiceLine, requestPrice } from "./services";

describe("a request's price", () => {
  it("is the rush price when asked as a rush and priced, else the price, or none when quoted", () => {
    expect(requestPrice({ price: 35000, rushPrice: 50000 }, true)).toBe(50000);
    expect(requestPrice({ price: 35000, rushPrice: 50000 }, false)).toBe(35000);
    expect(requestPrice({ price: 35000, rushPrice: null }, true)).toBe(35000);
    expect(requestPrice({ price: null, rushPrice: null }, false)).toBeNull();
  });

  it("names the service, the rush and the project on its line", () => {
    expect(requestInvoiceLine({ serviceName: "A5 flyer", title: "Winter market", rush: true, price: 50000, projectId: "p" })).toEqual({
      description: "A5 flyer (rush): Winter market",
      quantity: 1,
      unitAmount: 50000,
      projectId: "p",
    });
  });
});
