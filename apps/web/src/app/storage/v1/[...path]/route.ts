// /storage/v1/*: signed uploads to and public reads from the image buckets (avatars, thumbnails, blur), images only, within each person's allowance.
import { imageQuota } from "@atelier/api";
import { createStorageHandler, type StorageHandler } from "@atelier/storage";
import { getServer } from "~/server/server";

export const dynamic = "force-dynamic";

let handler: StorageHandler | undefined;

async function handle(req: Request): Promise<Response> {
  const server = await getServer();
  handler ??= createStorageHandler({
    store: server.files.store,
    secret: server.files.secret,
    quota: imageQuota(server.db),
    onError: (error) => console.error("storage:", error),
  });
  return handler(req);
}

export { handle as GET, handle as HEAD, handle as POST, handle as PUT, handle as OPTIONS };
