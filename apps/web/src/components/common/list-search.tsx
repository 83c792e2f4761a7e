"use client";
// A paged list's search box: the words reach the server (onSearch) once the typing pauses.
import { Input } from "@atelier/ui";
import { Search } from "lucide-react";
import { useEffect, useState } from "react";

const SEARCH_PAUSE_MS = 300;

export function ListSearch({ label, placeholder, onSearch }: { label: string; placeholder: string; onSearch: (query: string) => void }) {
  const [text, setText] = useState("");
  useEffect(() => {
    const timer = setTimeout(() => onSearch(text.trim()), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text, onSearch]);
  return (
    <search className="relative mb-4 max-w-md">
      <Search className="pointer-events-none absolute left-2.5 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
      <Input
        type="search"
        aria-label={label}
        placeholder={placeholder}
        className="h-11 pl-8 sm:h-9"
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
    </search>
  );
}
