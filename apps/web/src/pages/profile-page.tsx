/** Placeholder until its issue lands. */
export function ProfilePage() {
  return <h1>ProfilePage</h1>;
}
