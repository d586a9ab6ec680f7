/** Placeholder until its issue lands. */
export function ForgotPasswordPage() {
  return <h1>ForgotPasswordPage</h1>;
}
