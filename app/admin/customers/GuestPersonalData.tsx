// A guest buyer's personal data (docs/decisions/0051): found by the email they ordered with, the
// same download as a customer's (audited) and, for owners and managers, erasure of their guest
// orders' contact details; the orders keep their fiscal data until the retention period ends.
import { useId, useState } from "react";
import { useRevalidator } from "react-router";
import { toast } from "sonner";
import { ADMIN_API_BASE } from "../../../core/api/admin/endpoint";
import { adminRoutes } from "../../../core/api/admin/routes";
import { AdminApiError, callAdmin } from "../lib/admin-api";
import { useCan } from "../session";
import { buttonClass } from "../ui/AdminForm";
import { ConfirmButton } from "../ui/ConfirmButton";
import { Card } from "../ui/Page";

const looksLikeEmail = (v: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v);

export function GuestPersonalData() {
  const can = useCan();
  const revalidator = useRevalidator();
  const [email, setEmail] = useState("");
  const id = useId();
  const ok = looksLikeEmail(email.trim());
  return (
    <Card title="A guest buyer's personal data" className="mb-6">
      <p className="text-sm text-slate-700">
        Type the email a guest ordered with to download everything the shop holds about them (recorded in the
        audit log) or to erase it.
      </p>
      <div className="mt-3 flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1 sm:max-w-sm">
          <label htmlFor={id} className="block text-sm font-medium text-slate-800">
            Guest's email
          </label>
          <input
            id={id}
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            maxLength={320}
            autoComplete="off"
            className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
          />
        </div>
        <a
          href={
            ok
              ? `${ADMIN_API_BASE}/guest-buyers/personal-data.json?email=${encodeURIComponent(email.trim())}`
              : undefined
          }
          aria-disabled={!ok || undefined}
          className={`${buttonClass("secondary")} ${ok ? "" : "pointer-events-none opacity-60"}`}
          download
        >
          Download data
        </a>
        {can("customers.write") ? (
          <ConfirmButton
            title={`Erase the guest buyer ${email.trim()}?`}
            message="Their guest orders lose their email, phone and notes at once, their name leaves the audit log and order timelines, and their newsletter and back-in-stock requests and messages go. Each order keeps its amounts, lines, name and delivery address for the tax authorities until the retention period set under Settings ends. This cannot be undone."
            confirmLabel="Erase for good"
            disabled={!ok}
            onConfirm={async () => {
              try {
                const done = await callAdmin(adminRoutes.customers.guestErase, {
                  body: { email: email.trim() },
                });
                toast.success(
                  `Guest buyer erased. ${done.ordersKept} order${done.ordersKept === 1 ? "" : "s"} kept for the tax retention.`,
                );
                setEmail("");
                revalidator.revalidate();
              } catch (err) {
                toast.error(
                  err instanceof AdminApiError ? err.message : "That did not work. Please try again.",
                );
              }
            }}
          >
            Erase guest buyer
          </ConfirmButton>
        ) : null}
      </div>
    </Card>
  );
}
