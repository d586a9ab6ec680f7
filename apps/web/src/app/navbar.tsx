import { useState } from "react";
import { NavLink, useLocation } from "react-router";
import { Menu, X } from "lucide-react";
import clsx from "clsx";
import { firstNameOf, useAuth } from "../lib/auth-store";
import { Logo } from "../components/ui/logo.tsx";
import { UserMenu } from "./user-menu.tsx";

const linkClasses = ({ isActive }: { isActive: boolean }) =>
  clsx(
    "rounded-lg px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-indigo-500",
    isActive
      ? "text-indigo-600 dark:text-indigo-400"
      : "text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white",
  );

/** Spec §2 navbar: logo, page links, the welcome line on the landing page, and the avatar menu. */
export function Navbar() {
  const { isLoggedIn, data } = useAuth();
  const { pathname } = useLocation();
  const [openPath, setOpenPath] = useState<string | null>(null);
  // The mobile panel belongs to the page it was opened on: navigating closes it.
  const mobileOpen = openPath === pathname;
  const links = [
    ...(isLoggedIn ? [{ to: "/dashboard", label: "Your Dashboard" }] : []),
    { to: "/about", label: "About Us" },
    { to: "/pricing", label: "Pricing" },
    { to: "/contact", label: "Contact Us" },
  ];
  const firstName = firstNameOf(data);

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200/80 bg-white/85 backdrop-blur dark:border-slate-800/80 dark:bg-slate-950/85">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 sm:px-6 lg:px-8">
        <Logo />
        <ul className="ml-6 hidden items-center gap-1 md:flex">
          {links.map((l) => (
            <li key={l.to}>
              <NavLink to={l.to} className={linkClasses}>
                {l.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <div className="ml-auto flex items-center gap-2">
          {isLoggedIn && firstName && pathname === "/" && (
            <span className="hidden text-sm font-medium text-slate-700 sm:inline dark:text-slate-200">
              Welcome, {firstName}
            </span>
          )}
          <UserMenu />
          <button
            type="button"
            className="rounded-lg p-2 text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-500 md:hidden dark:text-slate-300 dark:hover:bg-slate-800"
            aria-expanded={mobileOpen}
            aria-controls="mobile-nav"
            onClick={() => setOpenPath(mobileOpen ? null : pathname)}
          >
            {mobileOpen ? <X className="size-5" aria-hidden /> : <Menu className="size-5" aria-hidden />}
            <span className="sr-only">{mobileOpen ? "Close navigation" : "Open navigation"}</span>
          </button>
        </div>
      </nav>
      {mobileOpen && (
        <ul id="mobile-nav" className="space-y-1 border-t border-slate-200 px-4 py-3 md:hidden dark:border-slate-800">
          {links.map((l) => (
            <li key={l.to}>
              <NavLink to={l.to} className={(s) => clsx(linkClasses(s), "block")}>
                {l.label}
              </NavLink>
            </li>
          ))}
        </ul>
      )}
    </header>
  );
}
