import { describe, expect, it } from "vitest";
import { IMAGE_QUOTA, imageTypeOf, signedUploadRefusal, withinImageQuota } from "./storage-rules";

const id = "a1B2c3D4e5F6g7H8";

describe("signedUploadRefusal", () => {
  it.each([
    ["client", "avatars", `users/${id}`, null],
    ["client", "avatars", `clients/${id}`, "forbidden"],
    ["creative", "avatars", `clients/${id}`, null],
    ["client", "avatars", "users/short", "bad-path"],
    ["client", "avatars", `admins/${id}`, "bad-path"],
    ["client", "avatars", `users/${id}/x`, "bad-path"],
    ["client", "avatars", `users/../${id}`, "bad-path"],
    ["client", "thumbnails", "ACME/Summ/Summer_party/MATERIALS/flyer.png.jpg", null],
    ["client", "blur", "ACME/Summ/Summer_party/MATERIALS/flyer.png.jpg", null],
    ["client", "thumbnails", "../etc/passwd", "bad-path"],
    ["client", "thumbnails", "/abs/x.jpg", "bad-path"],
    ["client", "thumbnails", "a b/c.jpg", "bad-path"],
    ["client", "thumbnails", "x.jpg", "bad-path"],
    ["client", "blur", `a/${"x".repeat(600)}`, "bad-path"],
  ] as const)("%s %s %s -> %s", (role, bucket, path, expected) => {
    expect(signedUploadRefusal(role, bucket, path)).toBe(expected);
  });
});

describe("image uploads", () => {
  it("knows JPEG, PNG, GIF and WebP by their first bytes, and nothing else", () => {
    const bytes = (...b: number[]) => new Uint8Array(b);
    expect(imageTypeOf(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe("image/jpeg");
    expect(imageTypeOf(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe("image/png");
    expect(imageTypeOf(new TextEncoder().encode("GIF89a"))).toBe("image/gif");
    expect(imageTypeOf(new TextEncoder().encode("RIFF\0\0\0\0WEBPVP8 "))).toBe("image/webp");
    expect(imageTypeOf(new TextEncoder().encode("RIFF\0\0\0\0WAVEfmt "))).toBeNull();
    expect(imageTypeOf(new TextEncoder().encode("<svg onload=alert(1)>"))).toBeNull();
    expect(imageTypeOf(bytes())).toBeNull();
  });

  it("limits clients to IMAGE_QUOTA in files and bytes, and not the studio", () => {
    const full = { files: IMAGE_QUOTA.files, bytes: 0 };
    expect(withinImageQuota("client", { files: 0, bytes: 0 }, 1000)).toBe(true);
    expect(withinImageQuota("client", full, 1)).toBe(false);
    expect(withinImageQuota("client", { files: 1, bytes: IMAGE_QUOTA.bytes - 10 }, 11)).toBe(false);
    expect(withinImageQuota("creative", full, 1)).toBe(true);
  });
});
