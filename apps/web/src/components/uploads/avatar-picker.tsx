"use client";
// An avatar with a 'Change' button that opens the upload dialog for a new one.
import type { AvatarMode } from "@atelier/domain";
import { Button, UploadDialog, UserAvatar } from "@atelier/ui";
import { useSession } from "next-auth/react";
import { useState } from "react";
import { useUploadServices } from "./use-upload-services";

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
  const services = useUploadServices();
  const { status } = useSession();
  return (
    <div className="flex items-center gap-4">
      <UserAvatar name={name} src={image} size="lg" />
      <Button type="button" variant="outline" size="sm" onClick={() => setModal(true)} aria-label={changeLabel}>
        Change
      </Button>
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
    </div>
  );
}
