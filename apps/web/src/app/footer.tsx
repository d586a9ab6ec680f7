import { Link } from "react-router";
import { Logo } from "../components/ui/logo.tsx";

const columns: { title: string; links: { to: string; label: string; external?: boolean }[] }[] = [
  {
    title: "Product",
    links: [
      { to: "/pricing", label: "Pricing" },
      { to: "/documentation", label: "Documentation" },
      // The OpenAPI document is served by the server, outside the app's router.
      { to: "/api/docs", label: "API", external: true },
    ],
  },
  {
    title: "Company",
    links: [
      { to: "/about", label: "About Us" },
      { to: "/careers", label: "Careers" },
      { to: "/contact", label: "Contact Us" },
    ],
  },
  {
    title: "Support",
    links: [
      { to: "/help-center", label: "Help Center" },
      { to: "/security", label: "Security" },
      { to: "/feedback", label: "Feedback" },
    ],
  },
];

const legal = [
  { to: "/terms", label: "Terms" },
  { to: "/privacy", label: "Privacy" },
  { to: "/cookies", label: "Cookies" },
];

const linkClasses =
  "rounded text-sm text-slate-600 hover:text-indigo-600 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-slate-400 dark:hover:text-indigo-400";

/** Site footer: the link columns of spec §2, each leading to a real page (issue 10 §3.7). */
export function Footer() {
  return (
    <footer className="border-t border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-950">
      <div className="mx-auto grid max-w-6xl grid-cols-2 gap-x-6 gap-y-10 px-4 py-12 sm:grid-cols-3 sm:px-6 md:grid-cols-5 lg:px-8">
        <div className="col-span-2 sm:col-span-3 md:col-span-2">
          <Logo />
          <p className="mt-4 max-w-xs text-sm text-slate-600 dark:text-slate-400">
            Collaborative rooms, live editing and sandboxed execution, so your team can code together from anywhere.
          </p>
        </div>
        {columns.map((col) => (
          <nav key={col.title} aria-label={col.title}>
            <h2 className="text-sm font-semibold text-slate-900 dark:text-white">{col.title}</h2>
            <ul className="mt-3 space-y-2">
              {col.links.map((l) => (
                <li key={l.to}>
                  {l.external ? (
                    <a href={l.to} className={linkClasses}>
                      {l.label}
                    </a>
                  ) : (
                    <Link to={l.to} className={linkClasses}>
                      {l.label}
                    </Link>
                  )}
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-slate-200 dark:border-slate-800">
        <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-3 px-4 py-6 text-sm text-slate-500 sm:flex-row sm:px-6 lg:px-8 dark:text-slate-400">
          <p>© {new Date().getFullYear()} CodeRoom. All rights reserved.</p>
          <ul className="flex gap-5">
            {legal.map((l) => (
              <li key={l.to}>
                <Link to={l.to} className={linkClasses}>
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </footer>
  );
}
