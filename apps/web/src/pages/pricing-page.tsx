/** Placeholder until its issue lands. */
export function PricingPage() {
  return <h1>PricingPage</h1>;
}
