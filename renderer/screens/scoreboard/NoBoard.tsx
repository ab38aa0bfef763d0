// What a screen shows for a view of a family this build has no board for (renderer/families/), rather than failing.
export function NoBoard({ variant }: { readonly variant: string }) {
  return (
    <p className="big-message" role="status" data-testid="no-board" data-variant={variant}>
      This screen has no board for {variant}
    </p>
  );
}
