// The one map from domain error codes to tRPC codes; anything unknown becomes a 500 without internals.
import { type DomainErrorCode, isDomainError } from "@atelier/domain";
import { TRPCError } from "@trpc/server";

type TRPCCode = TRPCError["code"];

const DOMAIN_TO_TRPC = {
  NOT_FOUND: "NOT_FOUND",
  FORBIDDEN: "FORBIDDEN",
  CONFLICT: "CONFLICT",
  BAD_INPUT: "BAD_REQUEST",
  RATE_LIMITED: "TOO_MANY_REQUESTS",
  UNAUTHENTICATED: "UNAUTHORIZED",
  PRECONDITION_FAILED: "PRECONDITION_FAILED",
  PAYLOAD_TOO_LARGE: "PAYLOAD_TOO_LARGE",
} as const satisfies Record<DomainErrorCode, TRPCCode>;

const INTERNAL_MESSAGE = "Something went wrong on our side. Please try again.";

export function toTRPCError(error: unknown): TRPCError {
  // tRPC wraps whatever a procedure throws; a known code is kept, an unknown cause is looked at.
  if (error instanceof TRPCError && error.code !== "INTERNAL_SERVER_ERROR") return error;
  const cause = error instanceof TRPCError ? error.cause : error;
  if (isDomainError(cause)) return new TRPCError({ code: DOMAIN_TO_TRPC[cause.code], message: cause.message, cause });
  return new TRPCError({ code: "INTERNAL_SERVER_ERROR", message: INTERNAL_MESSAGE, cause });
}
