// Each person's allowance in the image buckets (IMAGE_QUOTA), kept in the database for the storage handler.
import { type Db, findUserById, imageUsage, recordImageUpload } from "@atelier/db";
import { withinImageQuota } from "@atelier/domain";
import type { UploadQuota } from "@atelier/storage";

export function imageQuota(db: Db): UploadQuota {
  return {
    async allows(userId, bytes) {
      const [user, used] = await Promise.all([findUserById(db, userId), imageUsage(db, userId)]);
      return user !== undefined && withinImageQuota(user.role, used, bytes);
    },
    record: (userId, key, bytes) => recordImageUpload(db, { key, userId, bytes }),
  };
}
