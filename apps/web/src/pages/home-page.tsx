/** Placeholder until its issue lands. */
export function HomePage() {
  return <h1>HomePage</h1>;
}
