// The thread's composer: the comment, its kind and whether it is an internal note, posted; the server's refusal of a
// field is shown under it. After each post it is a plain client-visible comment again.
import { COMMENT_EVENTS, commentBodyInput, INTERNAL_NOTE_EVENT } from "@atelier/domain";
import { showServerFieldErrors, useZodForm } from "@atelier/ui";
import { useMutation } from "@tanstack/react-query";
import { z } from "zod";
import { useRequestId } from "~/components/common/use-request-id";
import { useTRPC } from "~/trpc/react";

// The kind of comment: "" is a plain comment; an internal note is the switch, not a kind.
const commentForm = z.object({
  body: commentBodyInput,
  event: z.union([z.literal(""), z.enum(COMMENT_EVENTS)]),
  internal: z.boolean(),
});

export function useCommentComposer(projectId: string) {
  const trpc = useTRPC();
  // Checked when posted, not when the field is left: after a post, moving on (to the internal switch) from the empty
  // composer is not a mistake to point out.
  const form = useZodForm(commentForm, { mode: "onSubmit", defaultValues: { body: "", event: "", internal: false } });
  const requestId = useRequestId();
  const post = useMutation(
    trpc.comments.create.mutationOptions({
      onSuccess: () => {
        requestId.done();
        form.reset();
      },
      onError: (error) => showServerFieldErrors(form, error),
    }),
  );
  const onSubmit = form.handleSubmit(({ body, event, internal }) =>
    post.mutate({ projectId, body, event: internal ? INTERNAL_NOTE_EVENT : event || null, requestId: requestId.current() }),
  );
  return { form, post, onSubmit };
}
