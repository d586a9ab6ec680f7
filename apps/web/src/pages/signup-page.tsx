/** Placeholder until its issue lands. */
export function SignUpPage() {
  return <h1>SignUpPage</h1>;
}
