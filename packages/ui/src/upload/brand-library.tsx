"use client";
// "Brand library", a source tab of the upload dialog like Uppy's own remote sources: the business's brand assets to
// tick, each added to the dialog's list as a file that already lives on the upload servers. When the batch is
// uploaded, those are attached to the project by reference (the same stored bytes, nothing sent again) while the
// others upload as usual.
import { prettierBytes } from "@transloadit/prettier-bytes";
import { UIPlugin, type UIPluginOptions, type Uppy, type UppyFile } from "@uppy/core";
import { h } from "preact";
import { useId, useState } from "react";
import { createRoot, type Root } from "react-dom/client";
import { Button } from "../components/button";
import { Checkbox } from "../components/checkbox";
import { ASSET_META, type FileBody, type FileMeta, isBrandAssetFile } from "./file-shapes";

/** One asset of the business's brand library, as the tab lists it. */
export interface BrandAssetOption {
  id: string;
  name: string;
  /** What kind of asset, as people read it (Logos, Fonts, …). */
  kindLabel: string;
  thumbnail: string;
  size: number | null;
  type: string | null;
}

/** Where the dialog's brand library comes from, and how picked assets reach the project. */
export interface BrandLibrarySource {
  /** The business's brand assets. */
  list(): Promise<BrandAssetOption[]>;
  /** Attaches the assets by reference; answers the project files' ids, one per asset id, in the order given. */
  attach(assetIds: string[]): Promise<string[]>;
  /** The page where the library is filled (the business's page), for the empty library. */
  libraryHref?: string;
}

const PLUGIN_ID = "BrandLibrary";

interface BrandLibraryPanelProps {
  /** Undefined while loading. */
  assets: BrandAssetOption[] | undefined;
  /** The list could not be loaded. */
  failed?: boolean;
  onRetry?: () => void;
  /** Where the picked assets go, e.g. "Materials". */
  target?: string | undefined;
  libraryHref?: string | undefined;
  /** Called with the ticked assets. */
  onAdd: (assets: BrandAssetOption[]) => void;
}

/**
 * The tab's content: each row is one label around its checkbox, so a tap anywhere on it or Space on the focused box
 * picks it; "Add" names how many.
 */
export function BrandLibraryPanel({ assets, failed = false, onRetry, target, libraryHref, onAdd }: BrandLibraryPanelProps) {
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const baseId = useId();
  const toggle = (id: string, on: boolean) =>
    setPicked((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const chosen = assets?.filter((a) => picked.has(a.id)) ?? [];
  const count = chosen.length;
  const where = target ? ` to ${target}` : "";

  return (
    <div className="flex h-full min-h-0 flex-col gap-3 p-3 text-left text-foreground" data-testid="brand-library-panel">
      {failed ? (
        <div className="grid justify-items-start gap-2 text-sm" role="alert">
          <p>The brand library could not be loaded.</p>
          {onRetry && (
            <Button variant="outline" className="min-h-11" onClick={onRetry}>
              Try again
            </Button>
          )}
        </div>
      ) : assets === undefined ? (
        <p className="text-sm text-muted-foreground">Loading the brand library…</p>
      ) : assets.length === 0 ? (
        <div className="grid gap-1 text-sm">
          <p className="font-medium">The brand library is empty.</p>
          <p className="text-muted-foreground">
            Logos, fonts and guidelines are added to it on{" "}
            {libraryHref ? (
              <a href={libraryHref} className="inline-flex min-h-11 items-center text-primary underline underline-offset-4">
                the business's page
              </a>
            ) : (
              "the business's page"
            )}
            ; they can be picked here afterwards.
          </p>
        </div>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">
            Pick the business's brand assets to add{where}. They are attached as they are, not uploaded again.
          </p>
          <ul className="grid min-h-0 flex-1 content-start gap-2 overflow-y-auto sm:grid-cols-2" aria-label="Brand assets">
            {assets.map((asset) => {
              const boxId = `${baseId}-${asset.id}`;
              return (
                <li key={asset.id} className="min-w-0">
                  <label
                    htmlFor={boxId}
                    className="flex min-h-14 cursor-pointer items-center gap-3 rounded-lg border bg-background p-2 has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-accent"
                    data-testid="brand-asset-option"
                  >
                    <Checkbox
                      id={boxId}
                      checked={picked.has(asset.id)}
                      onCheckedChange={(on) => toggle(asset.id, on === true)}
                      aria-label={asset.name}
                    />
                    <img src={asset.thumbnail} alt="" className="size-12 shrink-0 rounded bg-muted object-cover" loading="lazy" />
                    <span className="min-w-0 flex-1">
                      <span className="block truncate text-sm font-medium" title={asset.name}>
                        {asset.name}
                      </span>
                      <span className="block text-xs text-muted-foreground">
                        {asset.kindLabel}
                        {asset.size !== null ? ` · ${prettierBytes(asset.size)}` : ""}
                      </span>
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
          <div className="flex justify-end">
            <Button className="min-h-11" disabled={count === 0} onClick={() => onAdd(chosen)}>
              {count === 0 ? "Add" : `Add ${count} file${count === 1 ? "" : "s"}`}
            </Button>
          </div>
        </>
      )}
    </div>
  );
}

export interface BrandLibraryOptions extends UIPluginOptions {
  source: BrandLibrarySource;
  /** Where the picked assets go, e.g. "Materials". */
  destination?: string | undefined;
  /** Toast-ready failures: the list not loading, attaching refused. */
  onError?: (title: string, description: string) => void;
}

type File = UppyFile<FileMeta, FileBody>;

function errorText(error: unknown): string {
  return error instanceof Error && error.message ? error.message : "Please try again.";
}

/** lucide's "library-big" (lucide-react draws for React; the Dashboard's tabs are Preact). */
const icon = () =>
  h(
    "svg",
    {
      // 32 px like the Dashboard's own "My Device" picture, the drawing padded inside it as that one's is.
      width: 32,
      height: 32,
      viewBox: "-4 -4 32 32",
      fill: "none",
      stroke: "currentColor",
      "stroke-width": 1.75,
      "stroke-linecap": "round",
      "stroke-linejoin": "round",
      "aria-hidden": "true",
      focusable: "false",
      class: "uppy-DashboardTab-iconBrandLibrary",
    },
    h("rect", { width: 8, height: 18, x: 3, y: 3, rx: 1 }),
    h("path", { d: "M7 3v18" }),
    h("path", {
      d: "M20.4 18.9c.2.5-.1 1.1-.6 1.3l-1.9.7c-.5.2-1.1-.1-1.3-.6L11.1 5.1c-.2-.5.1-1.1.6-1.3l1.9-.7c.5-.2 1.1.1 1.3.6Z",
    }),
  );

export class BrandLibrary extends UIPlugin<BrandLibraryOptions, FileMeta, FileBody> {
  readonly icon = icon;
  private root: Root | null = null;
  private container: HTMLElement | null = null;
  private assets: BrandAssetOption[] | undefined;
  private failed = false;
  private loading = false;

  constructor(uppy: Uppy<FileMeta, FileBody>, opts: BrandLibraryOptions) {
    super(uppy, opts);
    this.id = opts.id ?? PLUGIN_ID;
    this.type = "acquirer";
    this.title = "Brand library";
    // The Dashboard calls it on this plugin; bound all the same, as Uppy's own sources are.
    this.render = this.render.bind(this);
  }

  override install(): void {
    // Without a target, the Dashboard finds it as a source of its own.
    if (this.opts.target) this.mount(this.opts.target, this);
    this.uppy.addUploader(this.attach);
  }

  override uninstall(): void {
    this.uppy.removeUploader(this.attach);
    this.unmountPanel();
    this.unmount();
  }

  /** The tab's body: a node Uppy's Preact keeps, with the kit's React inside it. */
  override render(): unknown {
    return h("div", { ref: this.setContainer, class: "h-full", "data-brand-library": "" });
  }

  private readonly setContainer = (el: HTMLElement | null): void => {
    if (el === this.container) return;
    this.unmountPanel();
    this.container = el;
    if (!el) return;
    this.root = createRoot(el);
    // Each opening of the tab lists the library afresh, with nothing ticked.
    this.assets = undefined;
    this.failed = false;
    this.paint();
    void this.load();
  };

  private unmountPanel(): void {
    const root = this.root;
    this.root = null;
    this.container = null;
    // Not while Preact is still rendering the panel away.
    if (root) queueMicrotask(() => root.unmount());
  }

  private paint(): void {
    this.root?.render(
      <BrandLibraryPanel
        assets={this.assets}
        failed={this.failed}
        onRetry={() => void this.load()}
        target={this.opts.destination}
        libraryHref={this.opts.source.libraryHref}
        onAdd={this.add}
      />,
    );
  }

  private async load(): Promise<void> {
    if (this.loading) return;
    this.loading = true;
    this.failed = false;
    this.paint();
    try {
      this.assets = await this.opts.source.list();
    } catch (error) {
      this.failed = true;
      this.opts.onError?.("The brand library could not be loaded", errorText(error));
    } finally {
      this.loading = false;
      this.paint();
    }
  }

  /** The ticked assets join the dialog's list, then the tab closes onto it. */
  private readonly add = (assets: BrandAssetOption[]): void => {
    const type = (a: BrandAssetOption) => a.type || "application/octet-stream";
    this.uppy.addFiles(
      assets.map((a) => ({
        source: this.id,
        name: a.name,
        type: type(a),
        // It lives on the upload servers already: Uppy's shape for a file kept elsewhere, with no bytes here.
        isRemote: true as const,
        data: { size: a.size },
        remote: { companionUrl: "", requestClientId: this.id, url: "" },
        ...(type(a).startsWith("image/") ? { preview: a.thumbnail } : {}),
        // The asset's id keeps two assets of the same name and size apart.
        meta: { name: a.name, type: type(a), [ASSET_META]: a.id, relativePath: `brand-library/${a.id}` },
      })),
    );
    this.uppy.getPlugin<UIPlugin<never, FileMeta, FileBody> & { hideAllPanels(): void }>("Dashboard")?.hideAllPanels();
  };

  /** The uploader's share for brand assets: one call attaches the batch's assets by reference. */
  private readonly attach = async (fileIDs: string[]): Promise<void> => {
    const files = fileIDs.map((id) => this.uppy.getFile(id)).filter((f): f is File => Boolean(f) && isBrandAssetFile(f));
    if (files.length === 0) return;
    this.uppy.emit("upload-start", files);
    let ids: string[];
    try {
      ids = await this.opts.source.attach(files.map((f) => f.meta[ASSET_META] as string));
    } catch (error) {
      const description = errorText(error);
      this.opts.onError?.("The brand assets were not added", description);
      for (const file of files) {
        const current = this.uppy.getFile(file.id);
        if (current) this.uppy.emit("upload-error", current, { name: "BrandLibraryError", message: description });
      }
      return;
    }
    files.forEach((file, i) => {
      const current = this.uppy.getFile(file.id);
      if (!current) return;
      const size = current.size ?? 0;
      this.uppy.emit("upload-progress", current, { uploadStarted: Date.now(), bytesUploaded: size, bytesTotal: size });
      const thumbnail = current.preview ?? "";
      const body: FileBody = {
        id: ids[i] ?? "",
        url: "",
        thumbnail,
        blur: thumbnail,
        name: current.name ?? "",
        size,
        type: current.type,
        brandAsset: true,
      };
      this.uppy.emit("upload-success", current, { status: 200, body, uploadURL: "" });
    });
  };
}
