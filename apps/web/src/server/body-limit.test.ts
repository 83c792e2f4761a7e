import { INVOICE_LINE_DESCRIPTION_MAX_LENGTH, INVOICE_MAX_LINES } from "@atelier/domain";
import { NextRequest } from "next/server";
import superjson from "superjson";
import { describe, expect, it } from "vitest";
import { TRPC_BODY_LIMIT, TRPC_SMALL_BODY_LIMIT, trpcBodyLimit, withBodyLimit } from "./body-limit";

const echo = withBodyLimit(10, async (req: Request) => new Response(await req.text()));

/** A body streamed in chunks, without Content-Length; counts how much of it was read. */
function streamed(chunks: number, size: number) {
  let pulled = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled === chunks) return controller.close();
      pulled++;
      controller.enqueue(new Uint8Array(size).fill(97));
    },
  });
  const req = new NextRequest("http://localhost/api/x", { method: "POST", body, duplex: "half" } as ConstructorParameters<
    typeof NextRequest
  >[1]);
  return { req, pulled: () => pulled };
}

describe("withBodyLimit", () => {
  it("hands a body within the cap to the handler", async () => {
    const res = await echo(new NextRequest("http://localhost/api/x", { method: "POST", body: "0123456789" }), undefined);
    expect(await res.text()).toBe("0123456789");
    const { req } = streamed(2, 5);
    expect(await (await echo(req, undefined)).text()).toBe("aaaaaaaaaa");
  });

  it("refuses a larger body with 413 from its Content-Length", async () => {
    const res = await echo(new NextRequest("http://localhost/api/x", { method: "POST", body: "0123456789!" }), undefined);
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ error: { code: "PAYLOAD_TOO_LARGE" } });
  });

  it("stops reading a streamed body at the first chunk over the cap", async () => {
    const { req, pulled } = streamed(1000, 4);
    expect((await echo(req, undefined)).status).toBe(413);
    expect(pulled()).toBeLessThan(6);
  });

  it("leaves requests without a body alone", async () => {
    expect((await echo(new NextRequest("http://localhost/api/x"), undefined)).status).toBe(200);
  });
});

describe("TRPC_BODY_LIMIT", () => {
  it("holds the largest projects.addFiles call the web client sends", () => {
    const name = `${"n".repeat(251)}.pdf`;
    const url = (kind: string) =>
      `https://upload-01.atelier.example:3101/files/projects/${"p".repeat(36)}/${kind}/${"u".repeat(36)}-${name}`;
    const files = Array.from({ length: 10_000 }, () => ({
      id: "f".repeat(36),
      url: url("materials"),
      thumbnail: url("thumbnails"),
      blur: url("blur"),
      name,
      size: 5_368_709_120,
      type: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
      sha256: "0".repeat(64),
    }));
    const body = JSON.stringify(superjson.serialize({ projectId: "p".repeat(36), kind: "materials", files }));
    expect(Buffer.byteLength(body)).toBeLessThan(TRPC_BODY_LIMIT);
  });
});

describe("trpcBodyLimit", () => {
  it("gives the large cap only to a signed-in caller's addFiles", () => {
    expect(trpcBodyLimit("/api/trpc/projects.addFiles", true)).toBe(TRPC_BODY_LIMIT);
    expect(trpcBodyLimit("/api/trpc/projects.addFiles", false)).toBe(TRPC_SMALL_BODY_LIMIT);
    expect(trpcBodyLimit("/api/trpc/comments.create", true)).toBe(TRPC_SMALL_BODY_LIMIT);
    expect(trpcBodyLimit("/api/trpc/projects.addFiles,comments.create", true)).toBe(TRPC_SMALL_BODY_LIMIT);
  });

  it("holds the largest invoice (200 lines of 500 escaped or wide characters) and a 300 KB logo in the small cap", () => {
    const wide = "東\u0001".repeat(250);
    const lines = Array.from({ length: INVOICE_MAX_LINES }, () => ({
      description: wide.slice(0, INVOICE_LINE_DESCRIPTION_MAX_LENGTH),
      quantity: 1_000_000,
      unitPrice: 99_999_999,
    }));
    const invoice = JSON.stringify(superjson.serialize({ businessId: "b".repeat(36), lines, notes: wide.repeat(4) }));
    expect(Buffer.byteLength(invoice)).toBeLessThan(TRPC_SMALL_BODY_LIMIT);
    const logo = JSON.stringify(superjson.serialize({ logo: `data:image/png;base64,${"A".repeat(400_000)}` }));
    expect(Buffer.byteLength(logo)).toBeLessThan(TRPC_SMALL_BODY_LIMIT);
  });
});
