"use client";
import type { FileKind } from "@atelier/domain";
// The upload dialog's services in this app: tickets and signed URLs over tRPC, storage on this origin.
import { resizeImage, type UploadServices, xhrFetch } from "@atelier/ui";
import { webCryptoSha256 } from "@atelier/upload-engine";
import { useSession } from "next-auth/react";
import { useMemo } from "react";
import { useTRPCClient } from "~/trpc/react";
import { compressImage } from "./compress-image";
import { firstPdfPage } from "./first-pdf-page";
import { workerPreparer } from "./part-preparer";

/** 128 random bits as URL-safe base64: unguessable object names. */
function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

function withPreparer(): Pick<UploadServices, "preparePart"> {
  const preparePart = typeof window === "undefined" ? undefined : workerPreparer();
  return preparePart ? { preparePart } : {};
}

/** The key under which a person's unfinished uploads to one project's files of one kind are kept in this browser. */
export function unfinishedUploadScope(userId: string, target: { projectId: string; kind: FileKind } | { businessId: string }): string {
  return "projectId" in target ? `${userId}|project|${target.projectId}|${target.kind}` : `${userId}|brand|${target.businessId}`;
}

/** The files given with one request's intake form, before its project exists (for the studio, the business named). */
export type IntakeTarget = { intakeId: string; forBusinessId?: string };

/**
 * `ticketScope` names the project and kind of file asset uploads are for, the business whose brand library they go
 * to, or a request's intake folder (tickets are limited to that folder); avatar uploads need none. Each target gets services of its own,
 * fixed to it: uploads outlive the page, and a retry after the user moved on must still go to the first folder.
 */
export function useUploadServices(
  ticketScope?: () => { projectId: string; kind: FileKind } | { businessId: string } | IntakeTarget | null,
): UploadServices {
  const client = useTRPCClient();
  const userId = useSession().data?.user.id;
  const target = ticketScope?.() ?? null;
  const intakeId = target && "intakeId" in target ? target.intakeId : undefined;
  const forBusinessId = target && "intakeId" in target ? target.forBusinessId : undefined;
  const projectId = target && "projectId" in target ? target.projectId : undefined;
  const kind = target && "kind" in target ? target.kind : undefined;
  const businessId = target && "businessId" in target ? target.businessId : undefined;
  return useMemo(
    () => ({
      storageBase: typeof window === "undefined" ? "" : window.location.origin,
      placeholderUrl: "/placeholder.svg",
      uploadTicket: async () => {
        if (intakeId) return client.uploads.intakeTicket.query({ intakeId, ...(forBusinessId ? { businessId: forBusinessId } : {}) });
        if (businessId) return client.businesses.brandTicket.query({ businessId });
        if (!projectId || !kind) throw new Error("Files are uploaded to a project.");
        return client.uploads.ticket.query({ projectId, kind });
      },
      signUpload: async (bucket, path) => (await client.auth.createSignedURL.query({ bucket, path })).token,
      randomId,
      fetch: (input, init) => fetch(input, init),
      uploadFetch: xhrFetch,
      // Web Crypto exists only in secure contexts (https, localhost); without it parts go unhashed.
      ...(globalThis.crypto?.subtle ? { sha256: webCryptoSha256(crypto.subtle) } : {}),
      ...withPreparer(),
      resizeImage,
      compressImage,
      firstPdfPage,
      ...(userId && projectId && kind ? { unfinishedScope: unfinishedUploadScope(userId, { projectId, kind }) } : {}),
      ...(userId && businessId ? { unfinishedScope: unfinishedUploadScope(userId, { businessId }) } : {}),
    }),
    [client, projectId, kind, businessId, userId, intakeId, forBusinessId],
  );
}
