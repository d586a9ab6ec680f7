import { Clock, Mail, MapPin, Phone } from "lucide-react";
import { Card } from "../../../components/ui/card.tsx";

const items = [
  { icon: Mail, label: "Email", value: "support@coderoom.dev", href: "mailto:support@coderoom.dev" },
  { icon: Phone, label: "Phone", value: "+91 33 4000 1234", href: "tel:+913340001234" },
  { icon: MapPin, label: "Office", value: "Salt Lake Sector V, Kolkata, West Bengal 700091, India" },
  { icon: Clock, label: "Response time", value: "Within 24 hours" },
];

/** Support e-mail, phone and the Kolkata address. */
export function ContactInfo() {
  return (
    <Card className="p-6">
      <h2 className="text-lg font-semibold text-slate-900 dark:text-white">Contact information</h2>
      <ul className="mt-5 space-y-5">
        {items.map(({ icon: Icon, label, value, href }) => (
          <li key={label} className="flex gap-4">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-indigo-50 text-indigo-600 dark:bg-indigo-500/15 dark:text-indigo-300">
              <Icon className="size-5" aria-hidden />
            </span>
            <div className="min-w-0">
              <p className="text-xs font-medium tracking-wide text-slate-500 uppercase dark:text-slate-400">{label}</p>
              {href ? (
                <a href={href} className="text-sm font-medium break-words text-slate-900 hover:text-indigo-600 dark:text-slate-100 dark:hover:text-indigo-400">
                  {value}
                </a>
              ) : (
                <p className="text-sm font-medium text-slate-900 dark:text-slate-100">{value}</p>
              )}
            </div>
          </li>
        ))}
      </ul>
    </Card>
  );
}
