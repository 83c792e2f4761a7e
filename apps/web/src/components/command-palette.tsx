"use client";
// The command palette: Ctrl+K / Cmd+K opens it; suggestions are the create actions this role may take.
import { COMMAND_PALETTE_TEXT, commandPaletteItems, navItems, type Role } from "@atelier/domain";
import { CommandDialog, CommandEmpty, CommandGroup, CommandInput, CommandItem, CommandList } from "@atelier/ui";
import { useRouter } from "next/navigation";
import { useEffect } from "react";

export function CommandPalette({ role, open, onOpenChange }: { role: Role; open: boolean; onOpenChange: (open: boolean) => void }) {
  const router = useRouter();

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.key.toLowerCase() === "k" && (event.metaKey || event.ctrlKey)) {
        event.preventDefault();
        onOpenChange(!open);
      }
    }
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [open, onOpenChange]);

  function go(href: string) {
    onOpenChange(false);
    router.push(href);
  }

  return (
    <CommandDialog open={open} onOpenChange={onOpenChange}>
      <CommandInput placeholder={COMMAND_PALETTE_TEXT.placeholder} />
      <CommandList>
        <CommandEmpty>{COMMAND_PALETTE_TEXT.empty}</CommandEmpty>
        <CommandGroup heading={COMMAND_PALETTE_TEXT.group}>
          {commandPaletteItems(role).map((item) => (
            <CommandItem key={item.href} value={item.label} onSelect={() => go(item.href)}>
              {item.label}
            </CommandItem>
          ))}
        </CommandGroup>
        <CommandGroup heading="Go to">
          {navItems(role).map((item) => (
            <CommandItem key={item.href} value={`Go to ${item.label}`} onSelect={() => go(item.href)}>
              {item.label}
            </CommandItem>
          ))}
        </CommandGroup>
      </CommandList>
    </CommandDialog>
  );
}
