"use client";
// "From brand library": a business's brand assets to tick, with their thumbnails, beside the upload dialog. Each row is
// one label around its checkbox, so a tap anywhere on it or Space on the focused box picks it.
import { useEffect, useId, useState } from "react";
import { Button } from "../components/button";
import { Checkbox } from "../components/checkbox";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../components/dialog";

interface BrandAsset {
  id: string;
  name: string;
  /** What kind of asset, as people read it (Logos, Fonts, …). */
  kindLabel: string;
  thumbnail: string;
}

interface BrandAssetPickerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Undefined while loading. */
  assets: BrandAsset[] | undefined;
  /** Where the picked assets go, e.g. "Materials". */
  target: string;
  /** Called with the ticked ids; the parent closes the picker once they are added. */
  onPick: (ids: string[]) => void;
  busy?: boolean;
}

export function BrandAssetPicker({ open, onOpenChange, assets, target, onPick, busy = false }: BrandAssetPickerProps) {
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const descriptionId = useId();
  // Every opening starts with nothing ticked.
  useEffect(() => {
    if (open) setPicked(new Set());
  }, [open]);
  const toggle = (id: string, on: boolean) =>
    setPicked((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const count = picked.size;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="flex max-h-[calc(100dvh-2rem)] flex-col sm:max-w-2xl" aria-describedby={descriptionId}>
        <DialogHeader>
          <DialogTitle>From brand library</DialogTitle>
          <DialogDescription id={descriptionId}>Pick the business's brand assets to add to {target}.</DialogDescription>
        </DialogHeader>
        <div className="-mx-2 min-h-0 flex-1 overflow-y-auto px-2">
          {assets === undefined ? (
            <p className="text-sm text-muted-foreground">Loading the brand library…</p>
          ) : assets.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              The brand library is empty. Add logos, fonts and guidelines on the business's page.
            </p>
          ) : (
            <ul className="grid gap-2 sm:grid-cols-2" aria-label="Brand assets">
              {assets.map((asset) => {
                const checked = picked.has(asset.id);
                return (
                  <li key={asset.id}>
                    <label
                      htmlFor={`${descriptionId}-${asset.id}`}
                      className="flex min-h-14 cursor-pointer items-center gap-3 rounded-lg border p-2 has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-accent"
                      data-testid="brand-asset-option"
                    >
                      <Checkbox
                        id={`${descriptionId}-${asset.id}`}
                        checked={checked}
                        onCheckedChange={(on) => toggle(asset.id, on === true)}
                        aria-label={asset.name}
                      />
                      <img src={asset.thumbnail} alt="" className="size-12 shrink-0 rounded bg-muted object-cover" loading="lazy" />
                      <span className="min-w-0 flex-1">
                        <span className="block truncate text-sm font-medium" title={asset.name}>
                          {asset.name}
                        </span>
                        <span className="block text-xs text-muted-foreground">{asset.kindLabel}</span>
                      </span>
                    </label>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
        <DialogFooter>
          <Button variant="outline" className="min-h-11" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button className="min-h-11" disabled={count === 0 || busy} onClick={() => onPick([...picked])}>
            {count === 0 ? "Add" : `Add ${count} file${count === 1 ? "" : "s"}`}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
