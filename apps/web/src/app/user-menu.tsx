import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { Link, useNavigate } from "react-router";
import { LogIn, LogOut, Moon, Receipt, Sun, User, UserPlus, Wallet, type LucideIcon } from "lucide-react";
import { logout } from "../lib/account";
import { useAuth } from "../lib/auth-store";
import { toggleTheme, useTheme } from "../lib/theme";
import { UserAvatar } from "../components/ui/user-avatar.tsx";

interface MenuEntry {
  label: string;
  icon: LucideIcon;
  to?: string;
  onSelect?: () => void;
}

const itemClasses =
  "flex w-full items-center gap-3 rounded-lg px-3 py-2 text-left text-sm text-slate-700 hover:bg-slate-100 focus:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:text-slate-200 dark:hover:bg-slate-800 dark:focus:bg-slate-800";

/** Spec §2 avatar menu: theme toggle, then account entries by login state and role. */
export function UserMenu() {
  const { isLoggedIn, role, data } = useAuth();
  const theme = useTheme();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    root.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointer);
    return () => document.removeEventListener("pointerdown", onPointer);
  }, [open]);

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) trigger.current?.focus();
  };

  const entries: MenuEntry[] = [
    { label: theme === "dark" ? "Light Mode" : "Dark Mode", icon: theme === "dark" ? Sun : Moon, onSelect: toggleTheme },
  ];
  if (isLoggedIn) {
    const buyer = role === "CODER" || role === "GUEST";
    if (role === "GUEST") entries.push({ label: "Create an account", icon: UserPlus, to: "/create-account" });
    entries.push(
      { label: "My Profile", icon: User, to: "/profile" },
      buyer
        ? { label: "My Purchases", icon: Receipt, to: "/purchasehistory" }
        : { label: "All Payments", icon: Wallet, to: "/allpayments" },
      {
        label: "Logout",
        icon: LogOut,
        onSelect: () => void logout().then((ok) => ok && navigate("/signin")),
      },
    );
  } else {
    entries.push({ label: "Sign In", icon: LogIn, to: "/signin" }, { label: "Sign Up", icon: UserPlus, to: "/signup" });
  }

  const onMenuKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const items = [...(root.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const index = items.indexOf(document.activeElement as HTMLElement);
    const move = (i: number) => items[(i + items.length) % items.length]?.focus();
    if (e.key === "Escape") {
      e.preventDefault();
      close(true);
    } else if (e.key === "ArrowDown") {
      e.preventDefault();
      move(index + 1);
    } else if (e.key === "ArrowUp") {
      e.preventDefault();
      move(index - 1);
    } else if (e.key === "Home" || e.key === "End") {
      e.preventDefault();
      move(e.key === "Home" ? 0 : -1);
    } else if (e.key === "Tab") close(false);
  };

  return (
    <div ref={root} className="relative" onKeyDown={onMenuKey}>
      <button
        ref={trigger}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((o) => !o)}
        className="flex items-center rounded-full p-0.5 ring-2 ring-transparent hover:ring-indigo-200 focus-visible:ring-indigo-500 focus-visible:outline-none dark:hover:ring-indigo-500/40"
      >
        <UserAvatar src={isLoggedIn ? data?.avatar.secure_url : null} className="size-9" />
        <span className="sr-only">Account menu</span>
      </button>
      {open && (
        <div
          id={menuId}
          role="menu"
          aria-label="Account menu"
          className="absolute right-0 z-40 mt-2 w-60 origin-top-right rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg dark:border-slate-800 dark:bg-slate-900"
        >
          {isLoggedIn && data && (
            <div className="border-b border-slate-100 px-3 pt-1.5 pb-2.5 dark:border-slate-800">
              <p className="truncate text-sm font-semibold text-slate-900 dark:text-white">{data.fullName}</p>
              {/* A guest's address is a placeholder, not something to show. */}
              {role !== "GUEST" && <p className="truncate text-xs text-slate-500 dark:text-slate-400">{data.email}</p>}
            </div>
          )}
          {entries.map(({ label, icon: Icon, to, onSelect }) =>
            to ? (
              <Link key={label} to={to} role="menuitem" className={itemClasses} onClick={() => close(false)}>
                <Icon className="size-4 text-slate-400" aria-hidden />
                {label}
              </Link>
            ) : (
              <button
                key={label}
                type="button"
                role="menuitem"
                className={itemClasses}
                onClick={() => {
                  close(true);
                  onSelect?.();
                }}
              >
                <Icon className="size-4 text-slate-400" aria-hidden />
                {label}
              </button>
            ),
          )}
        </div>
      )}
    </div>
  );
}
