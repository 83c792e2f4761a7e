"use client";
// The command palette: Ctrl+K / Cmd+K opens it; suggestions are the create actions this role may take.
import { COMMAND_PALETTE_TEXT, commandPaletteItems, isStaff, navItems, projectDisplayName, type Role } from "@atelier/domain";
import { CommandDialog, CommandEmpty, CommandGroup, CommandInput, CommandItem, CommandList } from "@atelier/ui";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { useTRPC } from "~/trpc/react";

const SEARCH_PAUSE_MS = 250;
const PROJECT_SUGGESTIONS = 8;

export function CommandPalette({ role, open, onOpenChange }: { role: Role; open: boolean; onOpenChange: (open: boolean) => void }) {
  const router = useRouter();
  const trpc = useTRPC();
  // Searching finds projects too: the server searches them (the newest few matching every word), once the
  // typing pauses; before any word, the newest few.
  const [search, setSearch] = useState("");
  const [query, setQuery] = useState("");
  useEffect(() => {
    const timer = setTimeout(() => setQuery(search.trim()), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [search]);
  const projects = useQuery({
    ...trpc.projects.list.queryOptions({ archived: false, limit: PROJECT_SUGGESTIONS, ...(query ? { query } : {}) }),
    enabled: open,
    placeholderData: keepPreviousData,
  });
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
      <CommandInput placeholder={COMMAND_PALETTE_TEXT.placeholder} value={search} onValueChange={setSearch} />
      <CommandList>
        <CommandEmpty>{COMMAND_PALETTE_TEXT.empty}</CommandEmpty>
        <CommandGroup heading={COMMAND_PALETTE_TEXT.group}>
          {commandPaletteItems(role).map((item) => (
            <CommandItem key={item.href} value={item.label} onSelect={() => go(item.href)}>
              {item.label}
            </CommandItem>
          ))}
        </CommandGroup>
        {projects.data && projects.data.items.length > 0 && (
          <CommandGroup heading="Projects">
            {projects.data.items.map((p) => (
              <CommandItem
                key={p.id}
                value={`${projectDisplayName(p.name)} ${p.businessName} ${p.assigneeName ?? ""} ${p.id}`}
                keywords={query.split(/\s+/)}
                onSelect={() => go(`/projects/${p.id}`)}
              >
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
