// Pieces every form of the app repeats: the error line under it, and the list of businesses to choose from.
export function FormError({ error }: { error: { message: string } | null }) {
  if (!error) return null;
  return (
    <p role="alert" className="text-sm text-destructive">
      {error.message}
    </p>
  );
}

export function BusinessOptions({ businesses }: { businesses: readonly { id: string; name: string }[] | undefined }) {
  return (
    <>
      {businesses?.map((b) => (
        <option key={b.id} value={b.id}>
          {b.name}
        </option>
      ))}
    </>
  );
}
