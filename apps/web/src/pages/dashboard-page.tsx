/** Placeholder until its issue lands. */
export function DashboardPage() {
  return <h1>DashboardPage</h1>;
}
