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
    features: [...allowances(plans.basic), "Private rooms", "E-mail support"],
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
    features: [...allowances(plans.pro), "Everything in Basic", "24/7 priority support"],
    button: "Go Pro",
    target: "/subscribe-pro",
  },
];

/** Rupee amount as shown on the cards, e.g. "₹499". */
export const rupees = (n: number) => `₹${n.toLocaleString("en-IN")}`;
