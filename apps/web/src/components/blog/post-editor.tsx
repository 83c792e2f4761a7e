"use client";
// Writing a post: Markdown on one side, the live preview (rendered as readers will see it) on the other.
import { POST_BODY_MAX_LENGTH, POST_TITLE_MAX_LENGTH } from "@atelier/domain";
import { Button, Card, CardContent, CardFooter, CardHeader, CardTitle, Input, Label, Markdown, Textarea } from "@atelier/ui";
import { type FormEvent, useState } from "react";
import { FormError } from "../form-parts";

export interface PostDraft {
  title: string;
  body: string;
}

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
  initial: PostDraft;
  /** Whether the post is published now (a new post is not). */
  published: boolean;
  pending: boolean;
  error: { message: string } | null;
  onSave: (post: PostDraft & { publish: boolean }) => void;
  onCancel?: () => void;
}) {
  const [title, setTitle] = useState(initial.title);
  const [body, setBody] = useState(initial.body);
  const [publish, setPublish] = useState(true);
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    onSave({ title, body, publish });
  }
  return (
    <Card>
      <form onSubmit={onSubmit}>
        <CardHeader>
          <CardTitle className="text-base">{heading}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-3">
          <div className="grid gap-2">
            <Label htmlFor="post-title">Title</Label>
            <Input id="post-title" required maxLength={POST_TITLE_MAX_LENGTH} value={title} onChange={(e) => setTitle(e.target.value)} />
          </div>
          <div className="grid gap-3 md:grid-cols-2">
            <div className="grid content-start gap-2">
              <Label htmlFor="post-body">Post (Markdown)</Label>
              <Textarea
                id="post-body"
                required
                rows={10}
                maxLength={POST_BODY_MAX_LENGTH}
                value={body}
                placeholder={"## Headline\n\nText with **bold**, _italics_, [links](https://example.com) and lists:\n\n- one\n- two"}
                onChange={(e) => setBody(e.target.value)}
                className="font-mono text-xs"
              />
            </div>
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
          <Button type="submit" variant="outline" className="min-h-11" disabled={pending} onClick={() => setPublish(false)}>
            {published ? "Unpublish and save as draft" : "Save draft"}
          </Button>
          <Button type="submit" className="min-h-11" disabled={pending} onClick={() => setPublish(true)}>
            {published ? "Save" : "Publish"}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
