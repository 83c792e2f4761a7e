"use client";
import type { FileKind } from "@atelier/domain";
// The upload dialog's services in this app: tickets and signed URLs over tRPC, storage on this origin.
import { resizeImage, type UploadServices } from "@atelier/ui";
import { webCryptoSha256 } from "@atelier/upload-engine";
import { useMemo, useRef } from "react";
import { useTRPCClient } from "~/trpc/react";

/** 128 random bits as URL-safe base64: unguessable object names. */
function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

/**
 * `ticketScope` names the project and kind of file asset uploads are for, or the business whose brand
 * library they go to (tickets are limited to that folder); avatar uploads need none.
 */
export function useUploadServices(
  ticketScope?: () => { projectId: string; kind: FileKind } | { businessId: string } | null,
): UploadServices {
  const client = useTRPCClient();
  const scope = useRef(ticketScope);
  scope.current = ticketScope;
  return useMemo(
    () => ({
      storageBase: typeof window === "undefined" ? "" : window.location.origin,
      placeholderUrl: "/placeholder.svg",
      uploadTicket: async () => {
        const target = scope.current?.();
        if (!target) throw new Error("Files are uploaded to a project.");
        if ("businessId" in target) return client.businesses.brandTicket.query(target);
        return client.uploads.ticket.query(target);
      },
      signUpload: async (bucket, path) => (await client.auth.createSignedURL.query({ bucket, path })).token,
      randomId,
      fetch: (input, init) => fetch(input, init),
      // Web Crypto exists only in secure contexts (https, localhost); without it parts go unhashed.
      ...(globalThis.crypto?.subtle ? { sha256: webCryptoSha256(crypto.subtle) } : {}),
      resizeImage,
    }),
    [client],
  );
}
