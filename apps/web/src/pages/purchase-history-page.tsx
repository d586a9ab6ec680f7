/** Placeholder until its issue lands. */
export function PurchaseHistoryPage() {
  return <h1>PurchaseHistoryPage</h1>;
}
