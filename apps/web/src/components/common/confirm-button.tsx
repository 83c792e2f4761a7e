"use client";
// A button whose action is asked about first: Send, Mark paid and Void cannot be taken back.
import { Button, type ButtonProps, ConfirmDialog } from "@atelier/ui";

export function ConfirmButton({
  label,
  title,
  description,
  confirmLabel,
  onConfirm,
  pending = false,
  variant = "outline",
  size = "sm",
}: {
  label: string;
  title: string;
  description: string;
  confirmLabel: string;
  onConfirm: () => void;
  pending?: boolean;
  variant?: ButtonProps["variant"];
  size?: ButtonProps["size"];
}) {
  return (
    <ConfirmDialog
      trigger={
        <Button size={size} variant={variant} className="max-sm:min-h-11" disabled={pending}>
          {label}
        </Button>
      }
      title={title}
      description={description}
      confirmLabel={confirmLabel}
      onConfirm={onConfirm}
      pending={pending}
      destructive={variant === "destructive"}
    />
  );
}
