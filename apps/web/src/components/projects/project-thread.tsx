"use client";
// A project's conversation: comments, requests for changes, approvals and (for the studio) internal notes.
import { commentKinds, isInternalNote, isStaff, type ProjectStage, type SessionUser, threadEventLabel } from "@atelier/domain";
import { Badge, Button, Card, CardContent, CardHeader, CardTitle, cn, Field, fieldError, Textarea, UserAvatar } from "@atelier/ui";
import type { ReactNode } from "react";
import { Controller, useWatch } from "react-hook-form";
import { FormError, SubmitButton } from "~/components/common/form-parts";
import { INTERNAL_COMPOSER_CLASS, InternalNoteToggle } from "~/components/common/internal-note-toggle";
import { LinkedText } from "~/components/common/linked-text";
import { LocalTime } from "~/components/common/local-time";
import { NativeSelect } from "~/components/common/native-select";
import { submitOnModEnter } from "~/components/common/submit-keys";
import { useCommentComposer } from "./use-comment-composer";
import { useLinkedComment } from "./use-linked-comment";
import { useMarkRead } from "./use-mark-read";
import { useLoadOlder, useThreadPages } from "./use-thread-pages";

/**
 * With the project's `stage`, the composer offers only the events the stage allows the user; `commentExtra` adds to a
 * comment's entry (a link to the pin it was written at).
 */
export function ProjectThread({
  projectId,
  user,
  stage,
  commentExtra,
}: {
  projectId: string;
  user: SessionUser;
  stage?: ProjectStage;
  commentExtra?: (commentId: string) => ReactNode;
}) {
  const thread = useThreadPages(projectId);
  const { comments, olderRef, hasNextPage, isFetchingNextPage, fetchNextPage } = thread;
  const linked = useLinkedComment(projectId, comments);
  useLoadOlder(thread, linked.seeking);
  useMarkRead(projectId, comments?.at(-1)?.id);

  return (
    <Card role="region" aria-labelledby="thread-title">
      <CardHeader>
        <CardTitle id="thread-title">Conversation</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {comments?.length === 0 && <p className="text-sm text-muted-foreground">No comments yet. Start with what you need.</p>}
        {linked.gone && (
          <p role="status" className="text-sm text-muted-foreground">
            The comment this link points to is not in this conversation any more.
          </p>
        )}
        {hasNextPage && (
          <div ref={olderRef} className="flex justify-center">
            <Button variant="ghost" size="sm" disabled={isFetchingNextPage} onClick={() => void fetchNextPage()}>
              {isFetchingNextPage ? "Loading older comments…" : "Show older comments"}
            </Button>
          </div>
        )}
        <ol className="grid gap-3">
          {comments?.map((c) => (
            <li
              key={c.id}
              id={`comment-${c.id}`}
              data-testid="comment"
              className={cn(
                "flex gap-3 rounded-lg p-2",
                c.isChild && "ml-10",
                isInternalNote(c.event) && "bg-amber-500/10",
                linked.highlight === c.id && "ring-2 ring-ring",
              )}
            >
              <UserAvatar name={c.user.name} src={c.user.image} size="sm" />
              <div className="min-w-0 flex-1">
                <p className="text-sm">
                  <strong>{c.user.name ?? "Someone"}</strong>{" "}
                  {threadEventLabel(c.event) && <span className="text-muted-foreground">{threadEventLabel(c.event)}</span>}
                  {isInternalNote(c.event) && <Badge variant="outline">Internal note</Badge>}
                  <LocalTime at={c.createdAt} className="ml-2 text-xs text-muted-foreground" />
                </p>
                <p className="whitespace-pre-wrap wrap-anywhere text-sm">
                  <LinkedText>{c.body}</LinkedText>
                </p>
                {commentExtra?.(c.id)}
              </div>
            </li>
          ))}
        </ol>
        {/* Keyed by project: another project's composer starts empty and client-visible. */}
        <CommentComposer key={projectId} projectId={projectId} user={user} stage={stage} />
      </CardContent>
    </Card>
  );
}

/**
 * Writes to the thread. Staff turn a note internal with a switch of its own: the composer turns amber and says the client
 * will not see it, and it is a client-visible comment again after each post. Ctrl+Enter (Cmd+Enter) posts.
 */
function CommentComposer({ projectId, user, stage }: { projectId: string; user: SessionUser; stage?: ProjectStage }) {
  const { form, post, onSubmit } = useCommentComposer(projectId);
  const internal = useWatch({ control: form.control, name: "internal" });
  // Internal notes are the switch's; the menu offers the other kinds the stage allows.
  const kinds = commentKinds(user.role, stage).filter((k) => !isInternalNote(k.event));
  return (
    <form
      onSubmit={onSubmit}
      className={cn("grid gap-2 rounded-lg border border-transparent p-2 transition-colors", internal && INTERNAL_COMPOSER_CLASS)}
      data-testid="comment-composer"
      data-internal={internal}
      noValidate
    >
      {isStaff(user.role) && <InternalNoteToggle checked={internal} {...form.register("internal")} />}
      <Field label={internal ? "Your internal note" : "Your comment"} error={fieldError(form, "body")}>
        {(control) => (
          <Textarea
            {...control}
            placeholder={internal ? "Only the studio reads this…" : "Write a comment…"}
            {...form.register("body")}
            onKeyDown={submitOnModEnter}
          />
        )}
      </Field>
      <div className="flex flex-wrap items-center justify-end gap-2">
        {!internal && (
          <Controller
            control={form.control}
            name="event"
            render={({ field }) => (
              <NativeSelect
                aria-label="Kind of comment"
                className="w-auto"
                value={field.value}
                onChange={(e) => field.onChange(e.target.value)}
              >
                {kinds.map((k) => (
                  <option key={k.label} value={k.event ?? ""}>
                    {k.label}
                  </option>
                ))}
              </NativeSelect>
            )}
          />
        )}
        <SubmitButton pending={post.isPending} pendingLabel="Posting…">
          {internal ? "Post internal note" : "Post"}
        </SubmitButton>
      </div>
      <FormError error={post.error} fieldsShown />
    </form>
  );
}
