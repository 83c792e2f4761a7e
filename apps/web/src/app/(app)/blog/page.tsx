"use client";
// Blog: news the studio's designers and admins share with each other, written in Markdown; drafts stay with their author.
import { canEditPost } from "@atelier/domain";
import { Badge, Button, Card, CardContent, CardHeader, CardTitle, Skeleton, toast, UserAvatar } from "@atelier/ui";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import dynamic from "next/dynamic";
import { useSession } from "next-auth/react";
import { useState } from "react";
import { PostBody } from "~/components/blog/post-body";
import { ConfirmButton } from "~/components/common/confirm-button";
import { EmptyState, PageHeader } from "~/components/common/empty-state";
import { LocalTime } from "~/components/common/local-time";
import { toastError } from "~/components/common/toast-error";
import { useTRPC } from "~/trpc/react";

// The editor (its form, the Markdown preview) loads after the posts: most visits read (docs/performance.md).
const PostEditor = dynamic(() => import("~/components/blog/post-editor").then((m) => m.PostEditor), {
  ssr: false,
  loading: () => <Skeleton className="h-72" />,
});

export default function BlogPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { data: session } = useSession();
  const posts = useQuery(trpc.posts.list.queryOptions());
  const [editing, setEditing] = useState<string | null>(null);
  // A new editor after each post written, so the form starts empty.
  const [fresh, setFresh] = useState(0);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.posts.list.queryKey() });
  const create = useMutation(
    trpc.posts.create.mutationOptions({
      onSuccess: () => {
        setFresh((n) => n + 1);
        return refresh();
      },
    }),
  );
  const update = useMutation(
    trpc.posts.update.mutationOptions({
      onSuccess: () => {
        setEditing(null);
        toast({ title: "Post saved" });
        return refresh();
      },
    }),
  );
  const remove = useMutation(
    trpc.posts.delete.mutationOptions({
      onSuccess: () => {
        toast({ title: "Post removed" });
        return refresh();
      },
      onError: toastError,
    }),
  );

  return (
    <>
      <PageHeader title="Blog" description="News from the studio, for the studio." />
      <div className="grid gap-6">
        <PostEditor
          key={fresh}
          heading="New post"
          initial={{ title: "", body: "" }}
          published={false}
          pending={create.isPending}
          error={create.error}
          onSave={(post) => create.mutate(post)}
        />
        <div className="grid content-start gap-4">
          {posts.isPending && <Skeleton className="h-32" />}
          {posts.data?.length === 0 && <EmptyState title="No posts yet" description="Share the first piece of news." />}
          {posts.data?.map((post) =>
            editing === post.id ? (
              <PostEditor
                key={post.id}
                heading="Edit post"
                initial={post}
                published={post.publishedAt !== null}
                pending={update.isPending}
                error={update.error}
                onSave={(changes) => update.mutate({ id: post.id, ...changes })}
                onCancel={() => setEditing(null)}
              />
            ) : (
              <Card key={post.id} data-testid="post">
                <CardHeader className="grid-cols-[auto_1fr] items-center gap-3 sm:grid-cols-[auto_1fr_auto]">
                  <UserAvatar name={post.authorName} src={post.authorImage} size="sm" />
                  <div className="min-w-0">
                    <CardTitle className="flex flex-wrap items-center gap-2 text-base">
                      <span className="wrap-anywhere">{post.title}</span>
                      {post.publishedAt === null && <Badge variant="secondary">Draft</Badge>}
                    </CardTitle>
                    <p className="text-xs text-muted-foreground">
                      {post.authorName ?? "Former member"} · <LocalTime at={post.publishedAt ?? post.createdAt} />
                      {post.updatedAt && " · edited"}
                    </p>
                  </div>
                  {session && canEditPost(session.user, post) && (
                    <div className="col-span-2 flex gap-1 sm:col-span-1">
                      <Button variant="ghost" size="sm" className="min-h-11" onClick={() => setEditing(post.id)}>
                        Edit
                      </Button>
                      <ConfirmButton
                        label="Delete"
                        variant="ghost"
                        title={`Delete "${post.title}"?`}
                        description="The post is removed for everyone. This cannot be undone."
                        confirmLabel="Delete"
                        pending={remove.isPending}
                        onConfirm={() => remove.mutate({ id: post.id })}
                      />
                    </div>
                  )}
                </CardHeader>
                <CardContent>
                  <PostBody body={post.body} />
                </CardContent>
              </Card>
            ),
          )}
        </div>
      </div>
    </>
  );
}
