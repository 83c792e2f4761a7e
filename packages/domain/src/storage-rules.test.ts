import { describe, expect, it } from "vitest";
import { signedUploadRefusal } from "./storage-rules";

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
