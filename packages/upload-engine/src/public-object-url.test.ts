// Public object URLs, with path segments encoded.
import { describe, expect, it } from "vitest";
import { publicObjectUrl } from "./public-object-url";

describe("publicObjectUrl", () => {
  it.each([
    ["https://files.example.com", "avatars", "users/abc", "https://files.example.com/storage/v1/object/public/avatars/users/abc"],
    ["https://files.example.com/", "blur", "/x/y.jpg", "https://files.example.com/storage/v1/object/public/blur/x/y.jpg"],
    [
      "http://localhost:3000",
      "thumbnails",
      "a b/é#?.jpg",
      "http://localhost:3000/storage/v1/object/public/thumbnails/a%20b/%C3%A9%23%3F.jpg",
    ],
  ])("%s + %s + %s", (base, bucket, path, url) => {
    expect(publicObjectUrl(base, bucket, path)).toBe(url);
  });
});
