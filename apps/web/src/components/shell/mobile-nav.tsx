"use client";
// The phone's navigation: the sidebar's links in a sheet from the left, loaded when the menu button is first pressed.
import { PRODUCT_NAME, type SessionUser } from "@atelier/domain";
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle, useReturnFocus } from "@atelier/ui";
import { Brand, NavList } from "./nav";

export function MobileNav({ user, open, onOpenChange }: { user: SessionUser; open: boolean; onOpenChange: (open: boolean) => void }) {
  const returnFocus = useReturnFocus(open);
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side="left" className="w-72 p-4" onCloseAutoFocus={returnFocus}>
        <SheetHeader>
          <SheetTitle className="sr-only">Menu</SheetTitle>
          <SheetDescription className="sr-only">Pages of {PRODUCT_NAME}</SheetDescription>
        </SheetHeader>
        <Brand />
        <div className="mt-6">
          <NavList user={user} onNavigate={() => onOpenChange(false)} />
        </div>
      </SheetContent>
    </Sheet>
  );
}
