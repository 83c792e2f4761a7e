// Where the living demo's files go on the embedded run: the upload servers' filesystem store under DATA_DIR/uploads
// (the folder `npm start` gives them), each file under the key and with the owner an upload of it would have.
import type { DemoFileStore } from "@atelier/db";
import { assetFolderInput } from "@atelier/domain";
import { createFsStore } from "@atelier/storage";
import { assetFolder, assetPath, brandFolder } from "@atelier/upload-engine";

export function demoUploadStore(root: string): DemoFileStore {
  const store = createFsStore({ root });
  return {
    async put(place, file) {
      const folder =
        place.kind === "brand" ? brandFolder(place.business) : assetFolder(assetFolderInput(place.kind, place.business, place.project));
      const key = assetPath(folder, file.name);
      // The upload servers keep a file at files/{key}, its uploader as its owner (who may delete it).
      await store.put(`files/${key}`, Buffer.from(file.bytes), { contentType: file.type, metadata: { owner: file.owner } });
      return key;
    },
  };
}
