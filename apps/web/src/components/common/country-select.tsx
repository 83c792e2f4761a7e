"use client";
// A country chosen from ISO 3166's list by its English name, for the legal details of the studio and of a business.
import { COUNTRY_CODES } from "@atelier/domain";
import type { ComponentProps } from "react";
import { NativeSelect } from "./native-select";

let countries: [string, string][] | undefined;
/** Every country by its English name, in alphabetical order (made once). */
function countryOptions(): [string, string][] {
  const names = new Intl.DisplayNames(["en"], { type: "region" });
  countries ??= COUNTRY_CODES.map((code): [string, string] => [code, names.of(code) ?? code]).sort((a, b) => a[1].localeCompare(b[1]));
  return countries;
}

export function CountrySelect(props: Omit<ComponentProps<typeof NativeSelect>, "children">) {
  return (
    <NativeSelect {...props}>
      <option value="" disabled>
        Choose a country
      </option>
      {countryOptions().map(([code, name]) => (
        <option key={code} value={code}>
          {name}
        </option>
      ))}
    </NativeSelect>
  );
}
