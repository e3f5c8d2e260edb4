/** Placeholder until its owner builds it (issue 12): replaced, never shipped. */
export default function NotBuiltYet() {
  return <p className="text-sm text-muted-foreground">Not built yet.</p>;
}
