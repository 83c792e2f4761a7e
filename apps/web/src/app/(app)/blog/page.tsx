"use client";
// Blog: news the studio's designers and admins share with each other.
import { formatNotificationTime, isAdmin } from "@atelier/domain";
import { Button, Card, CardContent, CardFooter, CardHeader, CardTitle, Input, Label, Skeleton, Textarea, UserAvatar } from "@atelier/ui";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useSession } from "next-auth/react";
import { type FormEvent, useState } from "react";
import { EmptyState, PageHeader } from "~/components/empty-state";
import { FormError, SubmitButton } from "~/components/form-parts";
import { toastError } from "~/components/toast-error";
import { useTRPC } from "~/trpc/react";

export default function BlogPage() {
  const trpc = useTRPC();
  const { data: session } = useSession();
  const posts = useQuery(trpc.posts.list.queryOptions());
  const [title, setTitle] = useState("");
  const [body, setBody] = useState("");
  const create = useMutation(
    trpc.posts.create.mutationOptions({
      onSuccess: () => {
        setTitle("");
        setBody("");
      },
    }),
  );
  const remove = useMutation(trpc.posts.delete.mutationOptions({ onError: toastError }));

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    create.mutate({ title, body });
  }

  return (
    <>
      <PageHeader title="Blog" description="News from the studio, for the studio." />
      <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
        <div className="grid content-start gap-4">
          {posts.isPending && <Skeleton className="h-32" />}
          {posts.data?.length === 0 && <EmptyState title="No posts yet" description="Share the first piece of news." />}
          {posts.data?.map((post) => (
            <Card key={post.id} data-testid="post">
              <CardHeader className="grid-cols-[auto_1fr_auto] items-center gap-3">
                <UserAvatar name={post.authorName} src={post.authorImage} size="sm" />
                <div>
                  <CardTitle className="text-base">{post.title}</CardTitle>
                  <p className="text-xs text-muted-foreground">
                    {post.authorName ?? "Former member"} · {formatNotificationTime(post.createdAt)}
                  </p>
                </div>
                {session && (post.authorId === session.user.id || isAdmin(session.user.role)) && (
                  <Button variant="ghost" size="sm" onClick={() => remove.mutate({ id: post.id })}>
                    Remove
                  </Button>
                )}
              </CardHeader>
              <CardContent>
                <p className="whitespace-pre-wrap text-sm">{post.body}</p>
              </CardContent>
            </Card>
          ))}
        </div>
        <Card className="self-start">
          <form onSubmit={onSubmit}>
            <CardHeader>
              <CardTitle className="text-base">New post</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-3">
              <div className="grid gap-2">
                <Label htmlFor="post-title">Title</Label>
                <Input id="post-title" required maxLength={200} value={title} onChange={(e) => setTitle(e.target.value)} />
              </div>
              <div className="grid gap-2">
                <Label htmlFor="post-body">Post</Label>
                <Textarea id="post-body" required rows={6} maxLength={20_000} value={body} onChange={(e) => setBody(e.target.value)} />
              </div>
              <FormError error={create.error} />
            </CardContent>
            <CardFooter className="justify-end">
              <SubmitButton pending={create.isPending} pendingLabel="Publishing…">
                Publish
              </SubmitButton>
            </CardFooter>
          </form>
        </Card>
      </div>
    </>
  );
}
