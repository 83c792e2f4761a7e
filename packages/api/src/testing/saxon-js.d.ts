// SaxonJS ships no types: the one call the e-invoice validation makes.
declare module "saxon-js" {
  export function transform(
    options: { stylesheetFileName: string; sourceText: string; destination: "serialized" },
    mode: "sync",
  ): { principalResult: string };
}
