/** Placeholder until its issue lands. */
export function SubscribeBasicPage() {
  return <h1>SubscribeBasicPage</h1>;
}
