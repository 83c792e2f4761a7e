// tRPC in three sections: the request context, the initialisation with superjson, and the procedures by who may call them.
import { type Db, findProject, type LiveBus } from "@atelier/db";
import { canSeeProject, DomainError, isAdmin, isStaff, type SessionUser } from "@atelier/domain";
import type { Outbox } from "@atelier/mail";
import { histogram } from "@atelier/observability";
import type { ObjectStore } from "@atelier/storage";
import { initTRPC, TRPCError } from "@trpc/server";
import { ZodError, z } from "zod";
import { toTRPCError } from "./errors";
import { inProcedureSpan } from "./procedure-span";
import type { SigningKey } from "./signing-key";
import { wireTransformer } from "./wire-format";

// 1. Context: what every procedure may use. Time comes in as a function so tests can set it.
export interface Context {
  db: Db;
  user: SessionUser | null;
  now: () => Date;
  /**
   * The image store behind /storage/v1, the secret of its tokens and of upload tickets, where uploads go, and how
   * long an upload ticket lives (the default when absent; a deployment may shorten it).
   */
  files: { store: ObjectStore; secret: string; balancerUrl: string; ticketTtlMs?: number };
  /**
   * The mail outbox that notifications are written to, the site they link to, and how an invitation's
   * sign-in link is made (in the caller's transaction); absent, no mail is written.
   */
  mail?: {
    outbox: Pick<Outbox, "enqueue" | "gather" | "kick">;
    appUrl: string;
    /** How long comment mail waits to gather more comments on the same project. */
    digestWindowMs: number;
    signInLink(db: Db, email: string): Promise<string>;
    onError?: (error: unknown) => void;
  };
  /** Pushes events to open pages; absent, pages learn of changes when they next ask. */
  live?: Pick<LiveBus, "publish">;
  /**
   * The guest review cookie the request carried, and how to set one on the answer (docs/guest-review.md). Absent, no
   * guest session is read or begun.
   */
  guestCookie?: { value: string | undefined; set(header: string): void };
  /**
   * Webhooks (docs/webhooks.md): whether endpoints may be private or loopback addresses (WEBHOOK_ALLOW_PRIVATE), and the
   * worker to wake once an event's transaction commits. Absent, only public addresses are taken and deliveries wait
   * for the worker's next look.
   */
  webhooks?: { allowPrivate: boolean; kick?: () => void };
  /** The caller's address and browser as the web server saw them, kept with approvals (docs/approval-certificate.md). */
  client?: { ipAddress: string | null; userAgent: string | null };
  /** The id the web server gave this request (README, "Monitoring"), carried into the upload tickets it issues. */
  requestId?: string;
  /** The studio's key that signs approval certificates; absent, no certificate can be made. */
  signing?: SigningKey;
}

/** Where a decision came from, as its record keeps it: the caller's address and browser, or null when not known. */
export function requestOrigin(ctx: Pick<Context, "client">): { ipAddress: string | null; userAgent: string | null } {
  return { ipAddress: ctx.client?.ipAddress ?? null, userAgent: ctx.client?.userAgent ?? null };
}

// 2. Initialisation.
const t = initTRPC.context<Context>().create({
  // superjson on the wire; answers are written by its fast path for plain data (wire-format.ts).
  transformer: wireTransformer,
  errorFormatter({ shape, error }) {
    const zod = error.cause instanceof ZodError ? error.cause : undefined;
    return {
      ...shape,
      message: zod ? z.prettifyError(zod) : shape.message,
      data: { ...shape.data, zodError: zod ? z.flattenError(zod) : null },
    };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

// Domain errors thrown anywhere below become their tRPC code here, once.
const mapErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok) throw toTRPCError(result.error);
  return result;
});

// Every call's duration by procedure and outcome, for Prometheus (README, "Monitoring"): the path is the router's, so
// the series are bounded whatever a caller asks for. Each call is a span too (procedure-span.ts).
const timed = t.middleware(({ path, type, next }) =>
  inProcedureSpan(path, type, async () => {
    const started = process.hrtime.bigint();
    const result = await next();
    procedureDurations().observe(
      { procedure: path, type, code: result.ok ? "OK" : result.error.code },
      Number(process.hrtime.bigint() - started) / 1e9,
    );
    return result;
  }),
);

const procedureDurations = () =>
  histogram({
    name: "atelier_trpc_procedure_duration_seconds",
    help: "tRPC calls (over HTTP, the REST API and the server's own prefetches) by procedure, type and outcome code",
    labelNames: ["procedure", "type", "code"] as const,
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  });

// 3. Procedures.
export const publicProcedure = t.procedure.use(timed).use(mapErrors);

export const protectedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user) throw new TRPCError({ code: "UNAUTHORIZED", message: "Sign in to continue." });
  return next({ ctx: { ...ctx, user: ctx.user } });
});

export const staffProcedure = protectedProcedure.use(({ ctx, next }) => {
  if (!isStaff(ctx.user.role)) throw new TRPCError({ code: "FORBIDDEN", message: "Only the studio's staff may do this." });
  return next();
});

export const adminProcedure = protectedProcedure.use(({ ctx, next }) => {
  if (!isAdmin(ctx.user.role)) throw new TRPCError({ code: "FORBIDDEN", message: "Only an admin may do this." });
  return next();
});

/**
 * A procedure on one project: the input is checked first, then the project it names (`projectId`, or `id` where
 * the input is the project's own) is put on the context when the caller may see it. Otherwise NOT_FOUND, so ids
 * of other businesses' projects reveal nothing. Built on `base` (signed-in callers unless told otherwise).
 */
export function projectProcedure<TInput extends z.ZodType<{ projectId: string } | { id: string }>>(
  input: TInput,
  base: typeof protectedProcedure = protectedProcedure,
) {
  return base.input(input).use(async ({ ctx, input, next }) => {
    const ref = input as { projectId: string } | { id: string };
    const project = await findProject(ctx.db, "projectId" in ref ? ref.projectId : ref.id);
    if (!project || !canSeeProject(ctx.user, project)) throw new DomainError("NOT_FOUND", "No such project.");
    return next({ ctx: { project } });
  });
}
