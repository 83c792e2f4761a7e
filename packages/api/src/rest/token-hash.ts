// A token is kept as its SHA-256: it is 32 random bytes, so a plain hash is as hard to reverse as the token to guess.
import { createHash } from "node:crypto";

export const hashApiToken = (token: string) => createHash("sha256").update(token).digest("hex");
