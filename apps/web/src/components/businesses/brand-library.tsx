"use client";
// A business's brand library: logos, fonts and guidelines in its BRAND folder, uploaded through the upload
// dialog, and its colours as swatches. Its members and the studio add to it.
import { BRAND_FILE_KINDS, type BrandFileKind, canRemoveProjectFile, normalizeHex, swatchTextColour } from "@atelier/domain";
import {
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  Field,
  fieldError,
  Input,
  showServerFieldErrors,
  toast,
  type UploadedFile,
  useLazyZodForm,
} from "@atelier/ui";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Download } from "lucide-react";
import dynamic from "next/dynamic";
import { useSession } from "next-auth/react";
import { useState } from "react";
import { useWatch } from "react-hook-form";
import { RemoveButton } from "~/components/common/destructive-actions";
import { formatBytes } from "~/components/common/format";
import { toastError } from "~/components/common/toast-error";
import { useOpenedOnce } from "~/components/common/use-opened-once";
import { useUploadServices } from "~/components/uploads/use-upload-services";
import { useTRPC } from "~/trpc/react";
import type { BusinessPageData } from "./types";

// The upload dialog (Uppy, its image editor) loads when first opened, not with the business's page.
const UploadDialog = dynamic(() => import("@atelier/ui").then((m) => m.UploadDialog), { ssr: false });

type BrandFile = BusinessPageData["brand"]["files"][number];

export function BrandLibrary({ business: b }: { business: BusinessPageData }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { data: session, status } = useSession();
  const [kind, setKind] = useState<BrandFileKind>("logo");
  const [dialogOpen, setDialogOpen] = useState(false);
  const dialogLoaded = useOpenedOnce(dialogOpen);
  const services = useUploadServices(() => ({ businessId: b.id }));
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.businesses.byId.queryKey({ id: b.id }) });
  const addFiles = useMutation(
    trpc.businesses.addBrandFiles.mutationOptions({
      onSuccess: ({ added }) => {
        toast({ title: `${added} file${added === 1 ? "" : "s"} added to the brand library` });
        return refresh();
      },
      onError: toastError,
    }),
  );
  const removeFile = useMutation(
    trpc.businesses.removeBrandFile.mutationOptions({
      onSuccess: ({ name }) => {
        toast({ title: `${name} removed` });
        return refresh();
      },
      onError: toastError,
    }),
  );
  const canRemove = (file: BrandFile) => (session ? canRemoveProjectFile(session.user, file) : false);

  function onUploaded(files: UploadedFile[]) {
    if (files.length === 0) return;
    addFiles.mutate({
      businessId: b.id,
      kind,
      files: files.map((f) => ({
        id: f.id,
        url: f.url,
        thumbnail: f.thumbnail,
        blur: f.blur,
        name: f.name ?? f.url.split("/").pop() ?? "file",
        ...(f.size !== undefined ? { size: f.size } : {}),
        ...(f.type !== undefined ? { type: f.type } : {}),
      })),
    });
  }

  return (
    <section className="grid gap-4" aria-labelledby="brand-library">
      <h2 id="brand-library" className="text-xl font-semibold tracking-tight">
        Brand library
      </h2>
      <Colours business={b} />
      <div className="grid gap-4 lg:grid-cols-3">
        {BRAND_FILE_KINDS.map((k) => {
          const files = b.brand.files.filter((f) => f.kind === k.value);
          return (
            <Card key={k.value} data-testid={`brand-${k.value}`}>
              <CardHeader className="flex-row flex-wrap items-start justify-between gap-2">
                <div className="min-w-0">
                  <CardTitle>{k.label}</CardTitle>
                  <p className="text-xs text-muted-foreground">{k.hint}</p>
                </div>
                <Button
                  size="sm"
                  variant="outline"
                  className="min-h-11"
                  onClick={() => {
                    setKind(k.value);
                    setDialogOpen(true);
                  }}
                >
                  Add {k.label.toLowerCase()}
                </Button>
              </CardHeader>
              <CardContent>
                {files.length === 0 ? (
                  <p className="text-sm text-muted-foreground">None yet.</p>
                ) : (
                  <ul className="grid gap-2">
                    {files.map((f) => (
                      <li key={f.id} className="flex items-center gap-3 rounded-lg border p-2">
                        <img src={f.thumbnail} alt="" className="size-12 shrink-0 rounded bg-muted object-cover" loading="lazy" />
                        <div className="min-w-0 flex-1">
                          <p className="truncate text-sm font-medium" title={f.name}>
                            {f.name}
                          </p>
                          <p className="text-xs text-muted-foreground">{formatBytes(f.size)}</p>
                        </div>
                        {f.downloadUrl && (
                          <a
                            href={f.downloadUrl}
                            download={f.name}
                            className="flex size-11 shrink-0 items-center justify-center rounded text-muted-foreground hover:text-foreground"
                            aria-label={`Download ${f.name}`}
                          >
                            <Download className="size-4" />
                          </a>
                        )}
                        {canRemove(f) && (
                          <RemoveButton
                            name={f.name}
                            from="the brand library"
                            description="The studio and the business lose the file and its download link. This cannot be undone."
                            className="sm:size-11"
                            onConfirm={() => removeFile.mutateAsync({ id: f.id })}
                          />
                        )}
                      </li>
                    ))}
                  </ul>
                )}
              </CardContent>
            </Card>
          );
        })}
      </div>
      {dialogLoaded && (
        <UploadDialog
          // Each kind its own dialog: files picked for logos never land among the fonts.
          key={kind}
          open={dialogOpen}
          setModal={setDialogOpen}
          setFiles={onUploaded}
          purpose={{ type: "asset" }}
          services={services}
          showErrors={status === "authenticated"}
          closeOnBrowserBack
          note={`${b.name}: ${BRAND_FILE_KINDS.find((k) => k.value === kind)?.label ?? ""}`}
        />
      )}
    </section>
  );
}

const loadColourForm = () => import("./forms").then((m) => m.colourForm);

function Colours({ business: b }: { business: BusinessPageData }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useLazyZodForm(loadColourForm, { defaultValues: { name: "", hex: "#1d4ed8" } });
  const hex = useWatch({ control: form.control, name: "hex" });
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.businesses.byId.queryKey({ id: b.id }) });
  const add = useMutation(
    trpc.businesses.addColour.mutationOptions({
      onSuccess: () => {
        form.reset({ name: "", hex: form.getValues("hex") });
        return refresh();
      },
      onError: (error) => {
        if (!showServerFieldErrors(form, error)) toastError(error);
      },
    }),
  );
  const remove = useMutation(trpc.businesses.removeColour.mutationOptions({ onSuccess: refresh, onError: toastError }));
  const onSubmit = form.handleSubmit(({ name, hex }) => add.mutate({ businessId: b.id, name, hex }));
  return (
    <Card>
      <CardHeader>
        <CardTitle>Colours</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {b.brand.colours.length === 0 ? (
          <p className="text-sm text-muted-foreground">No colours yet.</p>
        ) : (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-6" data-testid="brand-colours">
            {b.brand.colours.map((c) => (
              <li key={c.id} className="overflow-hidden rounded-lg border">
                <div
                  className="flex h-20 items-end p-2 font-mono text-xs"
                  style={{ backgroundColor: c.hex, color: swatchTextColour(c.hex) }}
                >
                  {c.hex}
                </div>
                <div className="flex items-center justify-between gap-1 pl-2">
                  <span className="min-w-0 wrap-anywhere py-1 text-sm" title={c.name}>
                    {c.name}
                  </span>
                  <RemoveButton
                    name={c.name}
                    from="the brand library"
                    description={`The colour ${c.hex} is no longer listed for this business.`}
                    className="sm:size-11"
                    onConfirm={() => remove.mutateAsync({ id: c.id })}
                  />
                </div>
              </li>
            ))}
          </ul>
        )}
        <form onSubmit={onSubmit} className="flex flex-wrap items-start gap-2" noValidate>
          <Field label="Name" className="w-44" error={fieldError(form, "name")}>
            {(control) => <Input {...control} className="h-11" {...form.register("name")} />}
          </Field>
          <Field label="Hex" error={fieldError(form, "hex")}>
            {(control) => (
              <div className="flex items-center gap-2">
                <input
                  type="color"
                  aria-label="Pick a colour"
                  value={normalizeHex(hex) ?? "#000000"}
                  onChange={(e) => form.setValue("hex", e.target.value, { shouldValidate: true })}
                  className="size-11 cursor-pointer rounded border bg-transparent"
                />
                <Input {...control} className="h-11 w-28 font-mono" {...form.register("hex")} />
              </div>
            )}
          </Field>
          {/* Level with the fields, below their labels. */}
          <Button type="submit" className="min-h-11 sm:mt-5" disabled={add.isPending}>
            Add colour
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
