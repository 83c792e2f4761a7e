// The one error type rules throw; each boundary maps its code once.

export const DOMAIN_ERROR_CODES = [
  "NOT_FOUND",
  "FORBIDDEN",
  "CONFLICT",
  "BAD_INPUT",
  "RATE_LIMITED",
  "UNAUTHENTICATED",
  "PRECONDITION_FAILED",
  "PAYLOAD_TOO_LARGE",
] as const;

export type DomainErrorCode = (typeof DOMAIN_ERROR_CODES)[number];

export class DomainError extends Error {
  override readonly name = "DomainError";
  readonly code: DomainErrorCode;

  constructor(code: DomainErrorCode, message: string = code, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}

// instanceof fails across duplicated bundles, so the check also accepts the shape.
export function isDomainError(error: unknown): error is DomainError {
  if (error instanceof DomainError) return true;
  return (
    error instanceof Error &&
    error.name === "DomainError" &&
    (DOMAIN_ERROR_CODES as readonly unknown[]).includes((error as { code?: unknown }).code)
  );
}
