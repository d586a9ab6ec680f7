/** Placeholder until its issue lands. */
export function NotFoundPage() {
  return <h1>NotFoundPage</h1>;
}
