/** Placeholder until its issue lands. */
export function ContactPage() {
  return <h1>ContactPage</h1>;
}
