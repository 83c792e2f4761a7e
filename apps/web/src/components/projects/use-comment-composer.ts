// The thread's composer: the comment and its kind, posted; the server's refusal of a field is shown under it.
import { COMMENT_EVENTS, commentBodyInput } from "@atelier/domain";
import { showServerFieldErrors, useZodForm } from "@atelier/ui";
import { useMutation } from "@tanstack/react-query";
import { z } from "zod";
import { useRequestId } from "~/components/common/use-request-id";
import { useTRPC } from "~/trpc/react";

// The kind of comment: "" is a plain comment.
const commentForm = z.object({
  body: commentBodyInput,
  event: z.union([z.literal(""), z.enum(COMMENT_EVENTS)]).transform((event) => event || null),
});

export function useCommentComposer(projectId: string) {
  const trpc = useTRPC();
  const form = useZodForm(commentForm, { defaultValues: { body: "", event: "" } });
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
  const onSubmit = form.handleSubmit(({ body, event }) => post.mutate({ projectId, body, event, requestId: requestId.current() }));
  return { form, post, onSubmit };
}
