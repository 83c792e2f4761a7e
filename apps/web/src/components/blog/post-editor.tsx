"use client";
// Writing a post: Markdown on one side, the live preview (rendered as readers will see it) on the other.
import type { RouterInputs } from "@atelier/api";
import {
  Button,
  Card,
  CardContent,
  CardFooter,
  CardHeader,
  CardTitle,
  Field,
  fieldError,
  Input,
  Markdown,
  Textarea,
  useLazyZodForm,
} from "@atelier/ui";
import { useRef } from "react";
import { FormError } from "~/components/common/form-parts";

const loadPostForm = () => import("./forms").then((m) => m.postForm);

/** What posts.create and posts.update take of a post. */
type PostDraft = RouterInputs["posts"]["create"];

export function PostEditor({
  heading,
  initial,
  published,
  pending,
  error,
  onSave,
  onCancel,
}: {
  heading: string;
  initial: Pick<PostDraft, "title" | "body">;
  /** Whether the post is published now (a new post is not). */
  published: boolean;
  pending: boolean;
  error: { message: string } | null;
  onSave: (post: PostDraft) => void;
  onCancel?: () => void;
}) {
  const form = useLazyZodForm(loadPostForm, { defaultValues: initial });
  const body = form.watch("body");
  // Which of the two submit buttons sent the form.
  const publish = useRef(true);
  const onSubmit = form.handleSubmit((values) => onSave({ ...values, publish: publish.current }));
  return (
    <Card>
      <form onSubmit={onSubmit} noValidate>
        <CardHeader>
          <CardTitle className="text-base">{heading}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-3">
          <Field label="Title" error={fieldError(form, "title")}>
            {(control) => <Input {...control} {...form.register("title")} />}
          </Field>
          <div className="grid gap-3 md:grid-cols-2">
            <Field label="Post (Markdown)" error={fieldError(form, "body")}>
              {(control) => (
                <Textarea
                  {...control}
                  rows={10}
                  placeholder={"## Headline\n\nText with **bold**, _italics_, [links](https://example.com) and lists:\n\n- one\n- two"}
                  className="font-mono text-xs"
                  {...form.register("body")}
                />
              )}
            </Field>
            <div className="grid content-start gap-2">
              <span className="text-sm font-medium">Preview</span>
              <div className="min-h-40 rounded-md border p-3" data-testid="post-preview" aria-live="polite">
                {body.trim() ? <Markdown>{body}</Markdown> : <p className="text-sm text-muted-foreground">Nothing to preview yet.</p>}
              </div>
            </div>
          </div>
          <FormError error={error} />
        </CardContent>
        <CardFooter className="flex-wrap justify-end gap-2">
          {onCancel && (
            <Button type="button" variant="outline" className="min-h-11" onClick={onCancel}>
              Cancel
            </Button>
          )}
          <Button
            type="submit"
            variant="outline"
            className="min-h-11"
            disabled={pending}
            onClick={() => {
              publish.current = false;
            }}
          >
            {published ? "Unpublish and save as draft" : "Save draft"}
          </Button>
          <Button
            type="submit"
            className="min-h-11"
            disabled={pending}
            onClick={() => {
              publish.current = true;
            }}
          >
            {published ? "Save" : "Publish"}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
