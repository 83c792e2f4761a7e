"use client";
// The kit's Radix Select for NativeSelect, loaded when a select is first pressed or the page is quiet
// (native-select.tsx), not with every page that has one.
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@atelier/ui";
import type { ComponentProps } from "react";

export interface SelectChoice {
  value: string;
  label: string;
  disabled: boolean;
}

/** What the trigger carries, drawn by the button in its place or by Radix's trigger. */
export interface TriggerProps {
  id: string | undefined;
  "aria-label": string | undefined;
  "aria-describedby": string | undefined;
  "aria-invalid": ComponentProps<"select">["aria-invalid"];
  className: string;
  disabled: boolean | undefined;
}

export default function SelectList({
  trigger,
  choices,
  selected,
  prompt,
  onChoose,
  defaultOpen,
}: {
  trigger: TriggerProps;
  choices: SelectChoice[];
  selected: string;
  prompt: string | undefined;
  onChoose: (value: string) => void;
  defaultOpen: boolean;
}) {
  return (
    <Select value={selected} onValueChange={onChoose} disabled={trigger.disabled} defaultOpen={defaultOpen}>
      <SelectTrigger {...trigger}>
        {/* Named here rather than left to Radix, which finds the label only in the browser. */}
        <SelectValue placeholder={prompt ?? "Choose…"}>{choices.find((o) => o.value === selected)?.label}</SelectValue>
      </SelectTrigger>
      <SelectContent>
        {choices.map((o) => (
          <SelectItem key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
