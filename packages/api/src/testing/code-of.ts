// The tRPC error code a call is refused with; the call must be refused.
import { TRPCError } from "@trpc/server";
import { expect } from "vitest";

export async function codeOf(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TRPCError);
  return (error as TRPCError).code;
}
