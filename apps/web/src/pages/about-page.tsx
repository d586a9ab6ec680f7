/** Placeholder until its issue lands. */
export function AboutPage() {
  return <h1>AboutPage</h1>;
}
