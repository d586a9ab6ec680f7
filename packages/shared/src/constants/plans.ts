/** The plan table of spec §9: prices in rupees per month and daily allowances (null = unlimited). */
export const plans = {
  free: { id: "free", name: "Free", price: 0, maxRooms: 5, runsPerDay: 10, aiPerDay: 5 },
  basic: { id: "basic", name: "Basic", price: 499, maxRooms: null, runsPerDay: 50, aiPerDay: 25 },
  pro: { id: "pro", name: "Pro", price: 999, maxRooms: null, runsPerDay: null, aiPerDay: null },
} as const;

export type TPlanId = keyof typeof plans;
export type TPlan = (typeof plans)[TPlanId];
export const paidPlanIds = ["basic", "pro"] as const;
export type TPaidPlanId = (typeof paidPlanIds)[number];

/** Spec §4: the amount identifies the plan (999 Pro, 499 Basic, else Custom). */
export function planLabelForAmount(amount: number): "Pro Plan" | "Basic Plan" | "Custom Plan" {
  if (amount === plans.pro.price) return "Pro Plan";
  if (amount === plans.basic.price) return "Basic Plan";
  return "Custom Plan";
}
