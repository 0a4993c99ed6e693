// /admin/login: the back office's sign-in (and, posted with ?signout=1, its sign-out). When the
// account has two-factor on, the same form asks for the code next.
import { useRef } from "react";
import { Link, redirect, useFetcher, useLoaderData } from "react-router";
import "../../admin/admin.css";
import { adminRoutes } from "../../../core/api/admin/routes";
import { AdminLoading } from "../../admin/AdminStatus";
import { type ActionResult, adminAction, invalid } from "../../admin/lib/actions";
import { AdminApiError, callAdmin } from "../../admin/lib/admin-api";
import { loadAdminSession } from "../../admin/session";
import { buttonClass, FormAlert, useResultFeedback } from "../../admin/ui/AdminForm";
import { TextField } from "../../admin/ui/fields";

export function meta() {
  return [{ title: "Sign in · Back office" }, { name: "robots", content: "noindex, nofollow" }];
}

/** Only a path inside the back office may follow the sign-in (no open redirect). */
function nextPath(url: URL): string {
  const next = url.searchParams.get("next") ?? "";
  return next.startsWith("/admin") && !next.startsWith("//") && !next.startsWith("/admin/login")
    ? next
    : "/admin";
}

export async function clientLoader({ request }: { request: Request }) {
  const session = await loadAdminSession();
  if (session.staff) throw redirect(nextPath(new URL(request.url)));
  return { storeName: session.store.name };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <AdminLoading />;
}

type SignInResult = ActionResult & { needCode?: boolean };

export async function clientAction({ request }: { request: Request }): Promise<SignInResult | Response> {
  const url = new URL(request.url);
  if (url.searchParams.has("signout")) {
    await callAdmin(adminRoutes.auth.signOut, {});
    return redirect("/admin/login");
  }
  const form = await request.formData();
  const email = String(form.get("email") ?? "").trim();
  const password = String(form.get("password") ?? "");
  const code = String(form.get("code") ?? "").trim();
  const missing: Record<string, string> = {};
  if (!email) missing.email = "Enter your email.";
  if (!password) missing.password = "Enter your password.";
  if (Object.keys(missing).length > 0) return invalid(missing);
  let needCode = false;
  const result = await adminAction("Signed in", async () => {
    try {
      return await callAdmin(adminRoutes.auth.signIn, {
        body: { email, password, ...(code ? { code } : {}) },
      });
    } catch (err) {
      if (err instanceof AdminApiError && err.code === "totp_required") {
        needCode = true;
        if (!code) err.fields.code ??= err.message;
        else err.fields.code = err.message;
      }
      throw err;
    }
  });
  if (result.ok) return redirect(nextPath(url));
  return { ...result, needCode };
}

export default function AdminLogin() {
  const { storeName } = useLoaderData<typeof clientLoader>();
  const fetcher = useFetcher<SignInResult>();
  const ref = useRef<HTMLFormElement>(null);
  const result = fetcher.data;
  useResultFeedback(result, ref);
  const fields = result && !result.ok ? result.fields : {};
  const needCode = result?.needCode === true;
  const busy = fetcher.state !== "idle";
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-100 px-4">
      <div className="w-full max-w-sm rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <p className="text-sm font-medium text-slate-600">{storeName}</p>
        <h1 className="mb-4 text-2xl font-bold text-slate-900">Back office sign-in</h1>
        <fetcher.Form method="post" ref={ref} noValidate className="space-y-4">
          <FormAlert result={result} />
          <TextField
            name="email"
            label="Email"
            type="email"
            autoComplete="username"
            required
            error={fields.email}
          />
          <TextField
            name="password"
            label="Password"
            type="password"
            autoComplete="current-password"
            required
            error={fields.password}
          />
          {needCode ? (
            <TextField
              name="code"
              label="Two-factor code"
              hint="The 6-digit code your authenticator app shows for this shop."
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]{6}"
              maxLength={6}
              error={fields.code}
              autoFocus
            />
          ) : null}
          <button type="submit" className={`${buttonClass()} w-full`} disabled={busy}>
            {busy ? "Signing in…" : "Sign in"}
          </button>
        </fetcher.Form>
        <p className="mt-4 flex justify-between gap-3 text-sm text-slate-600">
          <Link to="/admin/reset-password" className="text-indigo-800 underline">
            Forgot your password?
          </Link>
          <Link to="/" className="text-indigo-800 underline">
            Back to the shop
          </Link>
        </p>
      </div>
    </main>
  );
}
