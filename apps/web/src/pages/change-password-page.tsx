/** Placeholder until its issue lands. */
export function ChangePasswordPage() {
  return <h1>ChangePasswordPage</h1>;
}
