// Where a finished upload is stored. A file is never stored over another: an upload to a taken
// name is stored under the first free choice (flyer.pdf, flyer-2.pdf, ...), and its answer names
// the file it became. A link to a stored file keeps giving the same bytes, and no upload, by
// whoever holds a ticket for the folder, can replace a file that someone else delivered.
import { ERRORS, isObjectExistsError, type ObjectBody, type ObjectStore, type PutOptions } from "@atelier/storage";
import { fileKey, nameChoices } from "./url-path";

function noFreeName(urlPath: string) {
  return ERRORS.Conflict(`Every name like ${urlPath} is taken in its folder; rename the file and upload it again`);
}

/**
 * Publishes a staging file under the first free name; answers that urlPath, or null when the
 * staging file is gone or a concurrent call published it (its record then says where).
 */
export async function publishStaged(store: ObjectStore, stagingId: string, urlPath: string, options: PutOptions): Promise<string | null> {
  const staging = store.staging;
  if (!staging) throw new Error("publishStaged needs a store with a staging area");
  // A taken name costs one failed link: the staging file stays, so the next name can be tried.
  for (const choice of nameChoices(urlPath)) {
    try {
      const info = await staging.publish(stagingId, fileKey(choice), { ...options, noReplace: true });
      return info ? choice : null;
    } catch (error) {
      if (!isObjectExistsError(error)) throw error;
    }
  }
  throw noFreeName(urlPath);
}

/**
 * Stores a body under the first name free now, or answers `{ urlPath, ours: true }` for a file
 * that `group` stored already (another server completed the same group first). A body can be
 * read only once, so the name is chosen before it is sent; an upload that loses a race for the
 * same name in the meantime is refused with 409 and stores nothing.
 */
export async function putUnderFreeName(
  store: ObjectStore,
  urlPath: string,
  body: ObjectBody,
  options: PutOptions & { metadata?: Record<string, string> },
): Promise<{ urlPath: string; ours: boolean }> {
  const group = options.metadata?.group;
  for (const choice of nameChoices(urlPath)) {
    const taken = await store.stat(fileKey(choice));
    if (taken && group !== undefined && taken.metadata.group === group) return { urlPath: choice, ours: true };
    if (taken) continue;
    try {
      await store.put(fileKey(choice), body, { ...options, noReplace: true });
      return { urlPath: choice, ours: false };
    } catch (error) {
      if (!isObjectExistsError(error)) throw error;
      const winner = await store.stat(fileKey(choice));
      if (winner && group !== undefined && winner.metadata.group === group) return { urlPath: choice, ours: true };
      throw ERRORS.Conflict(`Another upload took the name ${choice} at the same moment; upload the file again`);
    }
  }
  throw noFreeName(urlPath);
}
