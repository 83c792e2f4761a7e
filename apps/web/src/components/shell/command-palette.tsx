"use client";
// The command palette: Ctrl+K / Cmd+K opens it (the shell listens, and loads it when first opened); suggestions are
// the create actions this role may take, then what the server finds of the words typed (projects, files, comments,
// invoices, people, businesses: what this person may see, ranked there, so the palette keeps the server's order), then
// the pages of the app.
import type { RouterOutputs } from "@atelier/api";
import { COMMAND_PALETTE_TEXT, commandPaletteItems, navItems, type Role, type SearchKind } from "@atelier/domain";
import { CommandDialog, CommandEmpty, CommandGroup, CommandInput, CommandItem, CommandList, commandScore } from "@atelier/ui";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Building2, FileText, FolderKanban, type LucideIcon, MessageSquare, Receipt, User } from "lucide-react";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { useTRPC } from "~/trpc/react";

const SEARCH_PAUSE_MS = 250;
const PROJECT_SUGGESTIONS = 8;

const GROUP_ICONS: Record<SearchKind, LucideIcon> = {
  projects: FolderKanban,
  files: FileText,
  comments: MessageSquare,
  invoices: Receipt,
  people: User,
  businesses: Building2,
};

type SearchGroup = RouterOutputs["search"]["query"]["groups"][number];

/** One entry found: what names it, and beside it (or under it, on a narrow screen) what tells it apart. */
function FoundItem({ kind, item, onSelect }: { kind: SearchKind; item: SearchGroup["items"][number]; onSelect: () => void }) {
  const Icon = GROUP_ICONS[kind];
  return (
    <CommandItem value={`${kind}:${item.id}`} onSelect={onSelect} data-kind={kind}>
      <Icon aria-hidden />
      <span className="flex min-w-0 flex-1 flex-col sm:flex-row sm:items-baseline sm:gap-2">
        <span className="truncate" title={item.title}>
          {item.title}
        </span>
        {item.detail && (
          <span className="truncate text-xs text-muted-foreground sm:ml-auto sm:max-w-[45%] sm:shrink-0" title={item.detail}>
            {item.detail}
          </span>
        )}
      </span>
    </CommandItem>
  );
}

export function CommandPalette({ role, open, onOpenChange }: { role: Role; open: boolean; onOpenChange: (open: boolean) => void }) {
  const router = useRouter();
  const trpc = useTRPC();
  // The server searches once the typing pauses; before any word, the newest few projects are offered.
  const [search, setSearch] = useState("");
  const [query, setQuery] = useState("");
  useEffect(() => {
    const timer = setTimeout(() => setQuery(search.trim()), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [search]);
  const recent = useQuery({
    ...trpc.projects.list.queryOptions({ archived: false, limit: PROJECT_SUGGESTIONS }),
    enabled: open && query === "",
  });
  const found = useQuery({
    ...trpc.search.query.queryOptions({ q: query }),
    enabled: open && query !== "",
    placeholderData: keepPreviousData,
  });

  function go(href: string) {
    onOpenChange(false);
    router.push(href);
  }

  // The palette's own entries are filtered here as the palette always filtered them; the server's come as ranked.
  const matches = (value: string) => search.trim() === "" || commandScore(value, search.trim()) > 0;
  const suggestions = commandPaletteItems(role).filter((item) => matches(item.label));
  const pages = navItems(role).filter((item) => matches(`Go to ${item.label}`));
  const groups = query !== "" ? (found.data?.groups ?? []) : [];

  return (
    <CommandDialog open={open} onOpenChange={onOpenChange} shouldFilter={false}>
      <CommandInput placeholder={COMMAND_PALETTE_TEXT.placeholder} value={search} onValueChange={setSearch} />
      <CommandList>
        <CommandEmpty>{COMMAND_PALETTE_TEXT.empty}</CommandEmpty>
        {suggestions.length > 0 && (
          <CommandGroup heading={COMMAND_PALETTE_TEXT.group}>
            {suggestions.map((item) => (
              <CommandItem key={item.href} value={item.label} onSelect={() => go(item.href)}>
                {item.label}
              </CommandItem>
            ))}
          </CommandGroup>
        )}
        {query === "" && search.trim() === "" && recent.data && recent.data.items.length > 0 && (
          <CommandGroup heading="Projects">
            {recent.data.items.map((p) => (
              <CommandItem key={p.id} value={`recent:${p.id}`} onSelect={() => go(`/projects/${p.id}`)}>
                <span className="truncate">{p.title}</span>
                <span className="ml-auto truncate text-xs text-muted-foreground">{p.businessName}</span>
              </CommandItem>
            ))}
          </CommandGroup>
        )}
        {groups.map((group) => (
          <CommandGroup key={group.kind} heading={group.label}>
            {group.items.map((item) => (
              <FoundItem key={item.id} kind={group.kind} item={item} onSelect={() => go(item.href)} />
            ))}
          </CommandGroup>
        ))}
        {pages.length > 0 && (
          <CommandGroup heading="Go to">
            {pages.map((item) => (
              <CommandItem key={item.href} value={`Go to ${item.label}`} onSelect={() => go(item.href)}>
                {item.label}
              </CommandItem>
            ))}
          </CommandGroup>
        )}
      </CommandList>
    </CommandDialog>
  );
}
