// A customer's personal data in the back office (GDPR Art. 15, 17, 20; docs/decisions/0051):
// "Download data" (the same JSON file the shopper downloads, audited as an export) and, for owners
// and managers, "Erase customer" after a confirmation. Orders keep their fiscal data until the
// store's retention period ends; the retention job anonymises them then.
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { ADMIN_API_BASE } from "../../../core/api/admin/endpoint";
import { adminRoutes } from "../../../core/api/admin/routes";
import { AdminApiError, callAdmin } from "../lib/admin-api";
import { buttonClass } from "../ui/AdminForm";
import { ConfirmButton } from "../ui/ConfirmButton";
import { Card } from "../ui/Page";

export const ERASE_MESSAGE =
  "Their account, addresses, sessions, Google or Facebook sign-ins, newsletter and back-in-stock requests, points and contact details go at once, and their name leaves reviews, the audit log and order timelines. Each order keeps its amounts, lines, name and delivery address for the tax authorities until the retention period set under Settings ends. This cannot be undone.";

export function PersonalDataCard({ id, name, readOnly }: { id: number; name: string; readOnly: boolean }) {
  const navigate = useNavigate();
  return (
    <Card title="Personal data">
      <p className="text-sm text-slate-700">
        Everything the shop holds about this customer as a JSON file (GDPR access and portability). Each
        download is recorded in the audit log.
      </p>
      <div className="mt-4 flex flex-wrap gap-2">
        <a
          href={`${ADMIN_API_BASE}/customers/${id}/personal-data.json`}
          className={buttonClass("secondary")}
          download
        >
          Download data
        </a>
        {readOnly ? null : (
          <ConfirmButton
            title={`Erase ${name}?`}
            message={ERASE_MESSAGE}
            confirmLabel="Erase for good"
            onConfirm={async () => {
              try {
                const done = await callAdmin(adminRoutes.customers.erase, { params: { id } });
                toast.success(
                  `Customer erased. ${done.ordersKept} order${done.ordersKept === 1 ? "" : "s"} kept for the tax retention.`,
                );
                await navigate("/admin/customers");
              } catch (err) {
                toast.error(
                  err instanceof AdminApiError ? err.message : "That did not work. Please try again.",
                );
              }
            }}
          >
            Erase customer
          </ConfirmButton>
        )}
      </div>
    </Card>
  );
}
