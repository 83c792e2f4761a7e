"use client";
// The filter bar of the project lists. Its state lives in the address (see projectFilterFromParams), so a reload
// or a shared link shows the same list; typing in the search box reaches the address once the typing pauses.
import { PROJECT_SORTS, PROJECT_STAGES, type ProjectFilter, type ProjectSort, type ProjectStage } from "@atelier/domain";
import { Input } from "@atelier/ui";
import { Search } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { BusinessOptions } from "~/components/common/form-parts";
import { NativeSelect } from "~/components/common/native-select";

const SEARCH_PAUSE_MS = 300;
const control = "h-11 sm:h-9";

export function ProjectFilters({
  filter,
  onChange,
  staff,
  me,
  businesses,
}: {
  filter: ProjectFilter;
  onChange: (filter: ProjectFilter) => void;
  staff: boolean;
  me: string | undefined;
  businesses: readonly { id: string; name: string }[] | undefined;
}) {
  const [text, setText] = useState(filter.query ?? "");
  // The words this box last put in the address: when the address says otherwise (back, a link, Clear filters),
  // the box follows it; its own words coming back must not undo what was typed since.
  const pushed = useRef(filter.query ?? "");
  useEffect(() => {
    const query = filter.query ?? "";
    if (query === pushed.current) return;
    pushed.current = query;
    setText(query);
  }, [filter.query]);
  useEffect(() => {
    if (text.trim() === (filter.query ?? "")) return;
    const timer = setTimeout(() => {
      pushed.current = text.trim();
      onChange({ ...filter, query: text });
    }, SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text, filter, onChange]);

  const designer =
    filter.assigneeId === undefined ? "anyone" : filter.assigneeId === null ? "nobody" : filter.assigneeId === me ? "me" : "other";
  const setDesigner = (value: string) => {
    const { assigneeId: _, ...rest } = filter;
    if (value === "anyone") onChange(rest);
    else if (value === "nobody") onChange({ ...rest, assigneeId: null });
    else if (value === "me" && me) onChange({ ...rest, assigneeId: me });
  };
  const set = <K extends keyof ProjectFilter>(key: K, value: ProjectFilter[K] | undefined) => {
    const { [key]: _, ...rest } = filter;
    onChange(value === undefined ? rest : { ...rest, [key]: value });
  };

  return (
    <search className="mb-4 flex flex-wrap items-center gap-2">
      <div className="relative min-w-56 flex-1">
        <Search className="pointer-events-none absolute left-2.5 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
        <Input
          type="search"
          aria-label="Search projects"
          placeholder={staff ? "Search by name, business or designer" : "Search by name or designer"}
          className={`pl-8 ${control}`}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </div>
      <NativeSelect
        aria-label="Stage"
        className={`w-full sm:w-44 ${control}`}
        value={filter.stage ?? "all"}
        onChange={(e) => set("stage", e.target.value === "all" ? undefined : (e.target.value as ProjectStage))}
      >
        <option value="all">All stages</option>
        {Object.entries(PROJECT_STAGES).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </NativeSelect>
      {staff && (
        <NativeSelect
          aria-label="Designer"
          className={`w-full sm:w-44 ${control}`}
          value={designer}
          onChange={(e) => setDesigner(e.target.value)}
        >
          <option value="anyone">Any designer</option>
          <option value="me">Assigned to me</option>
          <option value="nobody">Unassigned</option>
          {designer === "other" && <option value="other">Another designer</option>}
        </NativeSelect>
      )}
      {staff && (
        <NativeSelect
          aria-label="Business"
          className={`w-full sm:w-48 ${control}`}
          value={filter.businessId ?? ""}
          onChange={(e) => set("businessId", e.target.value || undefined)}
        >
          <option value="">Every business</option>
          {filter.businessId && !businesses?.some((b) => b.id === filter.businessId) && (
            <option value={filter.businessId}>Chosen business</option>
          )}
          <BusinessOptions businesses={businesses} />
        </NativeSelect>
      )}
      <label
        className={`flex w-full cursor-pointer items-center gap-2 rounded-md border px-3 text-sm sm:w-auto ${control} ${filter.overdue ? "border-destructive text-destructive-text" : ""}`}
      >
        <input
          type="checkbox"
          className="size-4 accent-current"
          checked={filter.overdue === true}
          onChange={(e) => set("overdue", e.target.checked ? true : undefined)}
        />
        Overdue only
      </label>
      <NativeSelect
        aria-label="Order"
        className={`w-full sm:w-40 ${control}`}
        value={filter.sort ?? "newest"}
        onChange={(e) => set("sort", e.target.value === "newest" ? undefined : (e.target.value as ProjectSort))}
      >
        {Object.entries(PROJECT_SORTS).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </NativeSelect>
    </search>
  );
}
