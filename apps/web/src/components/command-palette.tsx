"use client";
// The command palette: Ctrl+K / Cmd+K opens it; suggestions are the create actions this role may take.
import { COMMAND_PALETTE_TEXT, commandPaletteItems, isStaff, navItems, projectDisplayName, type Role } from "@atelier/domain";
import { CommandDialog, CommandEmpty, CommandGroup, CommandInput, CommandItem, CommandList } from "@atelier/ui";
import { useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { useTRPC } from "~/trpc/react";

export function CommandPalette({ role, open, onOpenChange }: { role: Role; open: boolean; onOpenChange: (open: boolean) => void }) {
  const router = useRouter();
  const trpc = useTRPC();
  // Searching finds projects too; the list loads only once the palette is open.
  const projects = useQuery({ ...trpc.projects.list.queryOptions({ archived: false }), enabled: open });
  // The studio also finds businesses, to open (and edit) a business's page.
  const businesses = useQuery({ ...trpc.businesses.list.queryOptions(), enabled: open && isStaff(role) });

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
        {projects.data && projects.data.length > 0 && (
          <CommandGroup heading="Projects">
            {projects.data.map((p) => (
              <CommandItem key={p.id} value={`${projectDisplayName(p.name)} ${p.businessName}`} onSelect={() => go(`/projects/${p.id}`)}>
                {projectDisplayName(p.name)}
                <span className="ml-auto text-xs text-muted-foreground">{p.businessName}</span>
              </CommandItem>
            ))}
          </CommandGroup>
        )}
        {businesses.data && businesses.data.length > 0 && (
          <CommandGroup heading="Businesses">
            {businesses.data.map((b) => (
              <CommandItem key={b.id} value={`Business ${b.name}`} onSelect={() => go(`/businesses/${b.id}`)}>
                {b.name}
              </CommandItem>
            ))}
          </CommandGroup>
        )}
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
