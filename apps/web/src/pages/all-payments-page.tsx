/** Placeholder until its issue lands. */
export function AllPaymentsPage() {
  return <h1>AllPaymentsPage</h1>;
}
