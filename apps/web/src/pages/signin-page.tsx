/** Placeholder until its issue lands. */
export function SignInPage() {
  return <h1>SignInPage</h1>;
}
