import { plans, type TPlan, type TPlanId } from "@coderoom/shared/constants/plans";

/** A plan card of spec §3 (name, price, period, description, features, button label, target). */
export interface TPlanCard {
  id: TPlanId;
  name: string;
  price: number;
  period: string;
  description: string;
  features: string[];
  button: string;
  target: string;
  popular?: boolean;
}

const per = (n: number | null, what: string) => (n === null ? `Unlimited ${what}` : `${n} ${what} per day`);

// Allowances come from the shared plan table, so the cards always match what the server enforces.
const allowances = (p: TPlan) => [
  p.maxRooms === null ? "Unlimited rooms" : `Up to ${p.maxRooms} rooms`,
  per(p.runsPerDay, "code runs"),
  per(p.aiPerDay, "AI interactions"),
];

/** The three plan cards of the pricing page. */
export const planCards: TPlanCard[] = [
  {
    id: "free",
    name: plans.free.name,
    price: plans.free.price,
    period: "forever",
    description: "For trying CodeRoom and quick sessions.",
    features: [...allowances(plans.free), "Real-time collaboration", "Community support"],
    button: "Get Started",
    target: "/dashboard",
  },
  {
    id: "basic",
    name: plans.basic.name,
    price: plans.basic.price,
    period: "per month",
    description: "For developers who code together every day.",
    features: [...allowances(plans.basic), "Everything in Free", "E-mail support"],
    button: "Subscribe to Basic",
    target: "/subscribe-basic",
    popular: true,
  },
  {
    id: "pro",
    name: plans.pro.name,
    price: plans.pro.price,
    period: "per month",
    description: "For teams and power users with no limits.",
    features: [...allowances(plans.pro), "Everything in Basic", "Priority support", "7 extra days free on your first Pro month"],
    button: "Go Pro",
    target: "/subscribe-pro",
  },
];

/** One row of a plan comparison: what each plan gives (text, or true/false for a check or a dash). */
export interface TComparisonRow {
  feature: string;
  free: string | boolean;
  basic: string | boolean;
  pro: string | boolean;
}

const amount = (n: number | null, unit: string) => (n === null ? "Unlimited" : `${n} ${unit}`);

/** The comparison tables of the subscribe pages, from the same plan table the server enforces. */
export const comparisonRows: TComparisonRow[] = [
  { feature: "Price per month", free: rupeesOf(plans.free.price), basic: rupeesOf(plans.basic.price), pro: rupeesOf(plans.pro.price) },
  { feature: "Rooms you own", free: amount(plans.free.maxRooms, "rooms"), basic: amount(plans.basic.maxRooms, "rooms"), pro: amount(plans.pro.maxRooms, "rooms") },
  { feature: "Code runs per day", free: amount(plans.free.runsPerDay, "runs"), basic: amount(plans.basic.runsPerDay, "runs"), pro: amount(plans.pro.runsPerDay, "runs") },
  { feature: "AI interactions per day", free: amount(plans.free.aiPerDay, "questions"), basic: amount(plans.basic.aiPerDay, "questions"), pro: amount(plans.pro.aiPerDay, "questions") },
  { feature: "Real-time collaboration", free: true, basic: true, pro: true },
  { feature: "Support", free: "Community", basic: "E-mail", pro: "Priority" },
];

function rupeesOf(n: number) {
  return `₹${n.toLocaleString("en-IN")}`;
}

/** Rupee amount as shown on the cards, e.g. "₹499". */
export const rupees = (n: number) => `₹${n.toLocaleString("en-IN")}`;
