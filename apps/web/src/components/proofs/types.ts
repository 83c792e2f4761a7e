import type { RouterOutputs } from "@atelier/api";
import type { FileKind } from "@atelier/domain";

/** What the panel reads of the project, as projects.byId answers it. */
export type ProofsPanelProject = Pick<
  RouterOutputs["projects"]["byId"],
  "id" | "businessId" | "businessName" | "stage" | "files" | "printCheck"
>;

/**
 * Opens the project's upload dialog for files of `kind`; `onAdded` hears the ids of the files once they are on the
 * project, so a proof can be sent with them.
 */
export type UploadForProof = (kind: FileKind, onAdded: (fileIds: string[]) => void) => void;
