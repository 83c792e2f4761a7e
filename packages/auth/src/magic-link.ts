// The one normalisation of an address, and the limits on how often sign-in links may be requested.
import type { Db } from "@atelier/db";
import { sql } from "kysely";
import { z } from "zod";

/**
 * Per address: enough for a typo or a slow inbox. The window is short, because anyone may ask for
 * anyone's link: a stranger who uses up an address's links blocks its owner for a few minutes at most.
 */
export const MAGIC_LINK_LIMIT = 5;
export const MAGIC_LINK_WINDOW_MS = 5 * 60_000;
/** Per client address, across every e-mail address: one client cannot mail-bomb many inboxes. */
export const MAGIC_LINK_CLIENT_LIMIT = 20;
export const MAGIC_LINK_CLIENT_WINDOW_MS = 60 * 60_000;

const emailAddress = z.email();

/**
 * The one form of an e-mail address, for sign-in and for counting its links, as next-auth's own
 * normaliser makes it: Unicode NFKC (full-width look-alikes become ASCII), trimmed, lower case, the
 * domain cut at a comma. Throws for anything that is not then a valid address, as next-auth expects.
 */
export function normalizeEmail(input: string): string {
  const [local = "", domain = "", ...rest] = input.normalize("NFKC").trim().toLowerCase().split("@");
  const email = `${local}@${domain.split(",")[0]}`;
  if (rest.length > 0 || !emailAddress.safeParse(email).success) throw new Error("Invalid email address format.");
  return email;
}

/**
 * Records one link request for the (normalised) address from the client and says whether both are within
 * their limits. Refused requests are not recorded, so waiting always frees the address again. A client
 * whose address is unknown is limited by e-mail address only: "unknown" is everyone, not one client.
 */
export async function allowMagicLink(db: Db, request: { identifier: string; clientAddress: string | null }, now: Date): Promise<boolean> {
  const { identifier, clientAddress } = request;
  const ago = (ms: number) => new Date(now.getTime() - ms);
  return db.transaction().execute(async (trx) => {
    // One request at a time, so parallel requests cannot all see room under the limit.
    await sql`lock table sign_in_attempts in share row exclusive mode`.execute(trx);
    await trx
      .deleteFrom("signInAttempts")
      .where("createdAt", "<=", ago(Math.max(MAGIC_LINK_WINDOW_MS, MAGIC_LINK_CLIENT_WINDOW_MS)))
      .execute();
    const { perAddress, perClient } = await trx
      .selectFrom("signInAttempts")
      .select((eb) => [
        eb.fn
          .countAll<string>()
          .filterWhere("identifier", "=", identifier)
          .filterWhere("createdAt", ">", ago(MAGIC_LINK_WINDOW_MS))
          .as("perAddress"),
        eb.fn
          .countAll<string>()
          .filterWhere("clientAddress", "=", clientAddress)
          .filterWhere("createdAt", ">", ago(MAGIC_LINK_CLIENT_WINDOW_MS))
          .as("perClient"),
      ])
      .executeTakeFirstOrThrow();
    if (Number(perAddress) >= MAGIC_LINK_LIMIT) return false;
    if (clientAddress !== null && Number(perClient) >= MAGIC_LINK_CLIENT_LIMIT) return false;
    await trx.insertInto("signInAttempts").values({ identifier, clientAddress, createdAt: now }).execute();
    return true;
  });
}
