// One click, one thing: each creating procedure (projects, comments, proofs, pins, invoices, invitations) runs through
// `once`, which records its result under the caller's idempotency key in the transaction that creates, and answers a
// repeat of the key with that first result.
import { claimRequest, type Db, findRequestResult } from "@atelier/db";
import { DomainError } from "@atelier/domain";

/** Thrown inside the creating transaction when the key is taken, to roll back what the repeat had written. */
class Repeat extends Error {}

/** Records the call's result under its key, in the creating transaction; throws (rolling back) when it is a repeat. */
export type Claim = (trx: Db, result: unknown) => Promise<void>;

/**
 * Runs `create` once per (person, requestId): `create` must call the claim it is given inside the transaction that
 * makes the thing, with what it will answer. Without a requestId it simply runs. A repeat (earlier, or concurrent and
 * committed first) answers the first result; the same key on another procedure is refused.
 */
export async function once<R>(
  ctx: { db: Db; user: { id: string } },
  procedure: string,
  requestId: string | undefined,
  create: (claim: Claim) => Promise<R>,
): Promise<R> {
  if (requestId === undefined) return create(async () => undefined);
  const key = { userId: ctx.user.id, requestId, procedure };
  const earlier = async (): Promise<R | undefined> => {
    const found = await findRequestResult(ctx.db, ctx.user.id, requestId);
    if (!found) return undefined;
    if (found.procedure !== procedure) throw new DomainError("CONFLICT", "This request id was already used for something else.");
    return found.result as R;
  };
  // A repeat after the first has finished is answered without doing the work again.
  const done = await earlier();
  if (done !== undefined) return done;
  try {
    return await create(async (trx, result) => {
      if (!(await claimRequest(trx, key, result))) throw new Repeat();
    });
  } catch (error) {
    // A repeat may also fail on what the first made before it claims (the invited address already taken): when
    // the first has recorded its result by then, that is the answer.
    if (!(error instanceof Repeat)) {
      const first = await earlier().catch(() => undefined);
      if (first !== undefined) return first;
      throw error;
    }
  }
  const first = await earlier();
  if (first === undefined) throw new DomainError("CONFLICT", "This request is being handled already. Try again in a moment.");
  return first;
}
