// Upload tickets: what lets a signed-in person write to one folder on the upload servers, for a while.
import { currentTraceparent } from "@atelier/observability";
import { issueUploadTicket } from "@atelier/storage";
import type { Context } from "./trpc";

/** A ticket for `folder` alone (the upload servers refuse it anywhere else), with where to send the files. */
export function folderTicket(ctx: Pick<Context, "files" | "now" | "requestId"> & { user: { id: string } }, folder: string) {
  const { ticket, expiresAt } = issueUploadTicket(
    { userId: ctx.user.id, pathPrefix: folder, requestId: ctx.requestId, traceparent: currentTraceparent() },
    ctx.files.secret,
    ctx.now(),
    ctx.files.ticketTtlMs,
  );
  return { ticket, expiresAt: new Date(expiresAt), balancerUrl: ctx.files.balancerUrl, folder };
}
