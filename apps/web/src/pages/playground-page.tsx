/** Placeholder until its issue lands. */
export function PlaygroundPage() {
  return <h1>PlaygroundPage</h1>;
}
