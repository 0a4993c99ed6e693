// The back office's frame: the store and who is signed in on top, the sections the role may open
// on the side (a menu button under 768 px), and the toasts.
import { type ReactNode, useState } from "react";
import { Form, NavLink } from "react-router";
import { Toaster } from "sonner";
import { ROLE_LABEL } from "../../core/admin/permissions";
import { ADMIN_NAV } from "./nav";
import { useAdminSession, useCan } from "./session";

function Nav({ onNavigate }: { onNavigate?: () => void }) {
  const can = useCan();
  return (
    <nav aria-label="Back office" className="space-y-5">
      {ADMIN_NAV.map((group) => {
        const items = group.items.filter((i) => can(i.permission));
        if (items.length === 0) return null;
        return (
          <div key={group.heading}>
            <h2 className="px-3 text-xs font-semibold uppercase tracking-wide text-slate-400">
              {group.heading}
            </h2>
            <ul className="mt-1 space-y-0.5">
              {items.map((item) => (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
                    end={item.end}
                    onClick={onNavigate}
                    className={({ isActive }) =>
                      `block rounded-md px-3 py-1.5 text-sm ${isActive ? "bg-slate-700 font-semibold text-white" : "text-slate-200 hover:bg-slate-800 hover:text-white"}`
                    }
                  >
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </nav>
  );
}

export function AdminShell({ children }: { children: ReactNode }) {
  const { staff, store } = useAdminSession();
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <div className="min-h-screen bg-slate-100 text-slate-900 print:bg-white">
      <a
        href="#admin-main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <header className="flex items-center justify-between gap-3 bg-slate-900 px-4 py-2 text-white print:hidden">
        <div className="flex min-w-0 items-center gap-3">
          <button
            type="button"
            className="shrink-0 whitespace-nowrap rounded-md border border-slate-600 px-2 py-1 text-sm md:hidden"
            aria-expanded={menuOpen}
            aria-controls="admin-nav"
            onClick={() => setMenuOpen((o) => !o)}
          >
            Menu
          </button>
          <p className="font-semibold">
            {store.name} <span className="font-normal text-slate-300">· Back office</span>
          </p>
        </div>
        <div className="flex shrink-0 items-center gap-3 whitespace-nowrap text-sm">
          <a href="/" className="hidden text-slate-200 underline-offset-2 hover:underline sm:inline">
            View shop
          </a>
          <NavLink to="/admin/account" className="text-slate-200 underline-offset-2 hover:underline">
            <span className="sm:hidden">Account</span>
            <span className="hidden sm:inline">
              {staff.name} <span className="text-slate-300">({ROLE_LABEL[staff.role]})</span>
            </span>
          </NavLink>
          <Form method="post" action="/admin/login?signout=1">
            <button type="submit" className="rounded-md border border-slate-600 px-2 py-1 hover:bg-slate-800">
              Sign out
            </button>
          </Form>
        </div>
      </header>
      <div className="flex">
        <aside
          id="admin-nav"
          className={`${menuOpen ? "block" : "hidden"} w-full shrink-0 bg-slate-900 px-2 py-4 md:block md:min-h-[calc(100vh-44px)] md:w-56 print:hidden`}
        >
          <Nav onNavigate={() => setMenuOpen(false)} />
        </aside>
        <main
          id="admin-main"
          tabIndex={-1}
          className={`${menuOpen ? "hidden md:block" : ""} min-w-0 flex-1 p-4 md:p-6`}
        >
          {children}
        </main>
      </div>
      {/* Below the 46 px top bar, so a toast never covers Sign out. */}
      <Toaster position="top-right" offset={{ top: 56 }} mobileOffset={{ top: 56 }} richColors closeButton />
    </div>
  );
}
