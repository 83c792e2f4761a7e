// The thread's composer: the comment, its kind and whether it is an internal note, posted; the server's refusal of a
// field is shown under it. After each post it is a plain client-visible comment again.
import { INTERNAL_NOTE_EVENT } from "@atelier/domain";
import { showServerFieldErrors, useLazyZodForm } from "@atelier/ui";
import { useMutation } from "@tanstack/react-query";
import { useRequestId } from "~/components/common/use-request-id";
import { useTRPC } from "~/trpc/react";

const loadCommentForm = () => import("./forms").then((m) => m.commentForm);

export function useCommentComposer(projectId: string) {
  const trpc = useTRPC();
  // Checked when posted, not when the field is left: after a post, moving on (to the internal switch) from the empty
  // composer is not a mistake to point out.
  const form = useLazyZodForm(loadCommentForm, { mode: "onSubmit", defaultValues: { body: "", event: "", internal: false } });
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
