"use client";
// A form whose schema is at hand when it is drawn (tests, and any page that has zod loaded anyway). Apart from
// form.tsx, so the resolver and zod are not part of a page that uses the lazy form (docs/performance.md).
import { zodResolver } from "@hookform/resolvers/zod";
import { type FieldValues, type UseFormProps, useForm } from "react-hook-form";
import type { z } from "zod";
import type { UseZodFormReturn } from "./form";

/** A form whose values are checked by `schema`; `handleSubmit` hands over the parsed (trimmed, transformed) values. */
export function useZodForm<Schema extends z.ZodType<FieldValues, FieldValues>>(
  schema: Schema,
  options: Omit<UseFormProps<z.input<Schema>, unknown, z.output<Schema>>, "resolver"> = {},
): UseZodFormReturn<Schema> {
  return useForm<z.input<Schema>, unknown, z.output<Schema>>({
    mode: "onTouched",
    ...options,
    resolver: zodResolver(schema),
  });
}
