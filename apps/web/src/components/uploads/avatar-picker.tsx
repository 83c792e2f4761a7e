"use client";
// An avatar with a 'Change' button that opens the upload dialog for a new one; the dialog (Uppy and its image
// editor) loads when first opened, not with the page (docs/performance.md).
import type { AvatarMode } from "@atelier/domain";
import { Button, UserAvatar } from "@atelier/ui";
import dynamic from "next/dynamic";
import { useSession } from "next-auth/react";
import { useState } from "react";
import { useOpenedOnce } from "~/components/common/use-opened-once";
import { useUploadServices } from "./use-upload-services";

const UploadDialog = dynamic(() => import("@atelier/ui").then((m) => m.UploadDialog), { ssr: false });

export function AvatarPicker({
  name,
  image,
  onChange,
  mode = "users",
  changeLabel,
}: {
  name: string | null;
  image: string | null;
  onChange: (url: string) => void;
  mode?: AvatarMode;
  /** Names the button for screen readers where several pickers share a page. */
  changeLabel?: string;
}) {
  const [modal, setModal] = useState(false);
  const opened = useOpenedOnce(modal);
  const services = useUploadServices();
  const { status } = useSession();
  return (
    <div className="flex items-center gap-4">
      <UserAvatar name={name} src={image} size="lg" />
      <Button type="button" variant="outline" size="sm" onClick={() => setModal(true)} aria-label={changeLabel}>
        Change
      </Button>
      {opened && (
        <UploadDialog
          open={modal}
          setModal={setModal}
          setFiles={(files) => {
            const [file] = files;
            if (file) onChange(file.url);
          }}
          purpose={{ type: "avatar", mode }}
          services={services}
          showErrors={status === "authenticated"}
          closeOnBrowserBack
          note="A square JPEG, PNG, WebP or GIF image of up to 10 MB"
        />
      )}
    </div>
  );
}
