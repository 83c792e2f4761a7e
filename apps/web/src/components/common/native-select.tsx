"use client";
// The app's select, with a native <select>'s props: forms keep writing <option>s and reading e.target.value, and
// get the kit's Radix Select (or, for long lists, the filterable Combobox). The options are read from a hidden
// native select rendering the same children, since they may come from components such as BusinessOptions.
// Until a select is first pressed (or the page is quiet) it is a button looking like Radix's trigger: the list's code
// (Radix Select and its positioning) is not part of the page's first load (docs/performance.md).
import { cn, SELECT_TRIGGER_CLASS, usePreloadWhenIdle } from "@atelier/ui";
import { ChevronDownIcon } from "lucide-react";
import {
  type ChangeEvent,
  Children,
  type ComponentProps,
  isValidElement,
  type KeyboardEvent,
  lazy,
  type PointerEvent,
  type ReactNode,
  Suspense,
  useLayoutEffect,
  useRef,
  useState,
} from "react";

import { LazyCombobox } from "./lazy-combobox";
import type { SelectChoice as Option, TriggerProps } from "./select-list";

const loadList = () => import("./select-list");
const SelectList = lazy(loadList);
/** Keys that open a select from its trigger, as Radix's trigger has them. */
const OPENING_KEYS = new Set(["Enter", " ", "ArrowDown", "ArrowUp"]);

/** Radix's trigger as it looks before the list's code is here; pressing it asks for the list, open. */
function TriggerLook({
  trigger,
  label,
  prompt,
  onOpen,
}: {
  trigger: TriggerProps;
  label: string | undefined;
  prompt: string | undefined;
  onOpen: () => void;
}) {
  return (
    <button
      type="button"
      role="combobox"
      aria-controls={undefined}
      aria-expanded={false}
      aria-autocomplete="none"
      data-placeholder={label === undefined ? "" : undefined}
      {...trigger}
      className={cn(SELECT_TRIGGER_CLASS, trigger.className)}
      onPointerDown={(event: PointerEvent) => {
        if (event.button !== 0 || event.ctrlKey) return;
        event.preventDefault();
        onOpen();
      }}
      onClick={onOpen}
      onKeyDown={(event: KeyboardEvent) => {
        if (!OPENING_KEYS.has(event.key)) return;
        event.preventDefault();
        onOpen();
      }}
    >
      <span>{label ?? prompt ?? "Choose…"}</span>
      <ChevronDownIcon className="size-4 shrink-0 opacity-50" aria-hidden />
    </button>
  );
}

// Radix keeps "" for "nothing chosen", so an option whose value is "" goes by this one.
const EMPTY = "\u0000empty";
/** From this many options on, typing to filter beats scrolling. */
const FILTER_FROM = 12;

/**
 * The options written as plain <option> elements, read without the DOM: a page drawn on the server shows the chosen
 * value before the browser runs any script. Null when the children hold anything else (a component such as
 * BusinessOptions), whose options are read from the hidden select once it is in the page.
 */
function plainOptions(children: ReactNode): Option[] | null {
  const found: Option[] = [];
  for (const child of Children.toArray(children)) {
    if (!isValidElement<ComponentProps<"option">>(child) || child.type !== "option") return null;
    const text = Children.toArray(child.props.children);
    if (!text.every((part) => typeof part === "string" || typeof part === "number")) return null;
    found.push({ value: String(child.props.value ?? text.join("")), label: text.join(""), disabled: Boolean(child.props.disabled) });
  }
  return found;
}

const sameOptions = (a: Option[], b: Option[]) =>
  a.length === b.length && a.every((o, i) => o.value === b[i]!.value && o.label === b[i]!.label && o.disabled === b[i]!.disabled);

export function NativeSelect({ className, children, value, onChange, disabled, required, name, id, ...props }: ComponentProps<"select">) {
  const native = useRef<HTMLSelectElement>(null);
  const [wanted, setWanted] = useState(false);
  usePreloadWhenIdle(loadList);
  const [options, setOptions] = useState<Option[]>(() => plainOptions(children) ?? []);
  // After every render: the children may have changed (a list that loaded, a filter).
  useLayoutEffect(() => {
    const select = native.current;
    if (!select) return;
    const next = [...select.options].map((o) => ({ value: o.value, label: o.label || o.text, disabled: o.disabled }));
    setOptions((previous) => (sameOptions(previous, next) ? previous : next));
  });

  const choose = (chosen: string) => {
    const select = native.current;
    if (!select) return;
    select.value = chosen === EMPTY ? "" : chosen;
    onChange?.({ target: select, currentTarget: select } as ChangeEvent<HTMLSelectElement>);
  };
  const current = String(value ?? "");
  // A disabled option without a value is the prompt shown while nothing is chosen.
  const prompt = options.find((o) => o.value === "" && o.disabled)?.label;
  const choices = options.filter((o) => !(o.value === "" && o.disabled)).map((o) => (o.value === "" ? { ...o, value: EMPTY } : o));
  const selected = current === "" ? (choices.some((o) => o.value === EMPTY) ? EMPTY : "") : current;
  const triggerClass = cn("w-full", className);
  const trigger: TriggerProps = {
    id,
    "aria-label": props["aria-label"],
    "aria-describedby": props["aria-describedby"],
    "aria-invalid": props["aria-invalid"],
    className: triggerClass,
    disabled,
  };
  const look = (
    <TriggerLook
      trigger={trigger}
      label={choices.find((o) => o.value === selected)?.label}
      prompt={prompt}
      onOpen={() => setWanted(true)}
    />
  );

  return (
    <>
      <select
        ref={native}
        aria-hidden
        tabIndex={-1}
        // Pinned to its containing block's corner: left where the table put it, it could widen a page that scrolls a table.
        className="sr-only left-0 top-0"
        value={current}
        onChange={() => undefined}
        name={name}
        required={required}
        disabled={disabled}
      >
        {children}
      </select>
      {choices.length >= FILTER_FROM ? (
        <LazyCombobox
          id={id}
          aria-label={props["aria-label"]}
          className={triggerClass}
          disabled={disabled}
          options={choices}
          value={selected}
          placeholder={prompt}
          onValueChange={choose}
        />
      ) : wanted ? (
        <Suspense fallback={look}>
          <SelectList trigger={trigger} choices={choices} selected={selected} prompt={prompt} onChoose={choose} defaultOpen />
        </Suspense>
      ) : (
        look
      )}
    </>
  );
}
