"use client";
import { AVATAR_SIZES, type AvatarSize, initials } from "@atelier/domain";
import { Avatar as AvatarPrimitive } from "radix-ui";
// Round avatar primitives plus UserAvatar, which sizes by the product's avatar table and falls back to initials.
import type { ComponentProps } from "react";
import { cn } from "../lib/cn";

function Avatar({ className, ...props }: ComponentProps<typeof AvatarPrimitive.Root>) {
  return (
    <AvatarPrimitive.Root
      data-slot="avatar"
      className={cn("relative flex size-10 shrink-0 overflow-hidden rounded-full", className)}
      {...props}
    />
  );
}

function AvatarImage({ className, ...props }: ComponentProps<typeof AvatarPrimitive.Image>) {
  return <AvatarPrimitive.Image data-slot="avatar-image" className={cn("aspect-square size-full object-cover", className)} {...props} />;
}

function AvatarFallback({ className, ...props }: ComponentProps<typeof AvatarPrimitive.Fallback>) {
  return (
    <AvatarPrimitive.Fallback
      data-slot="avatar-fallback"
      className={cn(
        "flex size-full select-none items-center justify-center rounded-full bg-muted font-medium text-muted-foreground",
        className,
      )}
      {...props}
    />
  );
}

export type UserAvatarProps = Omit<ComponentProps<typeof AvatarPrimitive.Root>, "children"> & {
  name: string | null | undefined;
  src?: string | null;
  size?: AvatarSize | number;
  /**
   * Inside a control that has a name of its own (the account menu): the initials are drawn by CSS rather than written
   * as text and the picture has no alt, so the control's name still holds everything it shows.
   */
  decorative?: boolean;
};

export function UserAvatar({ name, src, size = "default", decorative = false, className, style, ...props }: UserAvatarProps) {
  const px = typeof size === "number" ? size : AVATAR_SIZES[size];
  return (
    <Avatar
      className={className}
      // Inline size because the pixel values are arbitrary and may come from callers at run time.
      style={{ width: px, height: px, fontSize: Math.max(10, Math.round(px * 0.4)), ...style }}
      {...props}
    >
      {src ? <AvatarImage src={src} alt={decorative ? "" : (name ?? "")} /> : null}
      {decorative ? (
        <AvatarFallback data-initials={initials(name)} className="before:content-[attr(data-initials)]" />
      ) : (
        <AvatarFallback>{initials(name)}</AvatarFallback>
      )}
    </Avatar>
  );
}
