/** Placeholder until its issue lands. */
export function SubscribeProPage() {
  return <h1>SubscribeProPage</h1>;
}
