// The inbox screen: messages, newsletter subscribers and back-in-stock requests, one tab at a time.
import { Link } from "react-router";
import { ADMIN_API_BASE } from "../../../core/api/admin/endpoint";
import { adminRoutes } from "../../../core/api/admin/routes";
import { callAdmin } from "../lib/admin-api";
import { formatDateTime } from "../lib/format";
import { buttonClass } from "../ui/AdminForm";
import { FilterBar, FilterSelect, filterControl, listParams } from "../ui/DataTable";
import { Card, DetailList, PageHeader } from "../ui/Page";
import { InquiryTable, NotifyTable, SubscriberTable } from "./InboxTables";

const TABS = [
  { id: "messages", label: "Messages" },
  { id: "newsletter", label: "Newsletter" },
  { id: "notify", label: "Back in stock" },
] as const;
type Tab = (typeof TABS)[number]["id"];

const PAGE_SIZE = 25;

export async function loadInbox({ request }: { request: Request }) {
  const { params, page } = listParams(request.url, { sort: "created", dir: "desc" });
  const tabText = params.get("tab");
  const tab: Tab = tabText === "newsletter" || tabText === "notify" ? tabText : "messages";
  const q = params.get("q")?.trim().slice(0, 100) || "";
  const base = { page, limit: PAGE_SIZE, ...(q ? { q } : {}) };
  if (tab === "newsletter") {
    return { tab, q, data: await callAdmin(adminRoutes.inbox.newsletter, { query: base }) } as const;
  }
  if (tab === "notify") {
    const s = params.get("status");
    const status = s === "notified" || s === "all" ? s : ("pending" as const);
    return {
      tab,
      q,
      status,
      data: await callAdmin(adminRoutes.inbox.notifyRequests, { query: { ...base, status } }),
    } as const;
  }
  const k = params.get("kind");
  const kind = k === "contact" || k === "partner" ? k : undefined;
  const openId = Number(params.get("open"));
  const [data, open] = await Promise.all([
    callAdmin(adminRoutes.inbox.inquiries, { query: { ...base, ...(kind ? { kind } : {}) } }),
    Number.isInteger(openId) && openId > 0
      ? callAdmin(adminRoutes.inbox.inquiry, { params: { id: openId } })
      : Promise.resolve(null),
  ]);
  return { tab, q, kind: kind ?? "", data, open } as const;
}

export type InboxScreenData = Awaited<ReturnType<typeof loadInbox>>;

/** The messages tab with its filters and page kept, and optionally one message open. */
function messagesHref(o: { kind: string; q: string; page: number; open?: number }) {
  const p = new URLSearchParams({ tab: "messages" });
  if (o.kind) p.set("kind", o.kind);
  if (o.q) p.set("q", o.q);
  if (o.page > 1) p.set("page", String(o.page));
  if (o.open) p.set("open", String(o.open));
  return `?${p}`;
}

function Search({ value, label }: { value: string; label: string }) {
  return (
    <div>
      <label htmlFor="inbox-q" className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id="inbox-q"
        type="search"
        name="q"
        defaultValue={value}
        key={value}
        maxLength={100}
        className={`${filterControl} w-64 max-w-full`}
      />
    </div>
  );
}

export function InboxScreen({ data }: { data: InboxScreenData }) {
  const d = data;
  return (
    <>
      <PageHeader title="Inbox">What shoppers and partners sent the shop.</PageHeader>
      <nav aria-label="Inbox sections" className="mb-4 flex flex-wrap gap-2">
        {TABS.map((t) => (
          <Link
            key={t.id}
            to={`?tab=${t.id}`}
            aria-current={d.tab === t.id ? "page" : undefined}
            className={buttonClass(d.tab === t.id ? "primary" : "secondary")}
          >
            {t.label}
          </Link>
        ))}
      </nav>
      {d.tab === "messages" ? (
        <>
          {d.open ? (
            <Card
              title={d.open.subject || `Message from ${d.open.name}`}
              className="mb-4"
              actions={
                <Link
                  to={messagesHref({ kind: d.kind, q: d.q, page: d.data.page })}
                  className="text-sm font-medium text-indigo-800 underline-offset-2 hover:underline"
                >
                  Close
                </Link>
              }
            >
              <DetailList
                items={[
                  { term: "Form", value: d.open.kind === "partner" ? "Partner" : "Contact" },
                  { term: "From", value: d.open.name },
                  {
                    term: "Email",
                    value: (
                      <a
                        className="break-all text-indigo-800 underline"
                        href={`mailto:${encodeURIComponent(d.open.email)}`}
                      >
                        {d.open.email}
                      </a>
                    ),
                  },
                  { term: "Phone", value: d.open.phone || "—" },
                  { term: "Received", value: formatDateTime(d.open.createdAt) },
                ]}
              />
              <p className="mt-4 whitespace-pre-wrap break-words text-sm text-slate-900">{d.open.message}</p>
            </Card>
          ) : null}
          <FilterBar label="Find messages">
            <input type="hidden" name="tab" value="messages" />
            <Search value={d.q} label="Search" />
            <FilterSelect
              id="inbox-kind"
              name="kind"
              label="Form"
              value={d.kind}
              resetKey={d.kind}
              options={[
                { value: "", label: "Both" },
                { value: "contact", label: "Contact" },
                { value: "partner", label: "Partner" },
              ]}
            />
          </FilterBar>
          <InquiryTable
            data={d.data}
            hrefOf={(id) => messagesHref({ kind: d.kind, q: d.q, page: d.data.page, open: id })}
          />
        </>
      ) : d.tab === "newsletter" ? (
        <>
          <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
            <FilterBar label="Find subscribers">
              <input type="hidden" name="tab" value="newsletter" />
              <Search value={d.q} label="Search emails" />
            </FilterBar>
            <a
              className={buttonClass("secondary")}
              href={`${ADMIN_API_BASE}/inbox/newsletter.csv${d.q ? `?q=${encodeURIComponent(d.q)}` : ""}`}
              download
            >
              Download CSV{d.q ? " (these results)" : ""}
            </a>
          </div>
          <p className="mb-3 text-sm text-slate-600" data-testid="newsletter-waiting">
            Only addresses whose owner opened the confirmation link are listed and downloaded.{" "}
            {d.data.waiting === 1
              ? "1 sign-up is waiting for confirmation."
              : `${d.data.waiting} sign-ups are waiting for confirmation.`}
          </p>
          <SubscriberTable data={d.data} />
        </>
      ) : (
        <>
          <FilterBar label="Find back-in-stock requests">
            <input type="hidden" name="tab" value="notify" />
            <Search value={d.q} label="Search product or email" />
            <FilterSelect
              id="inbox-status"
              name="status"
              label="Show"
              value={d.status}
              resetKey={d.status}
              options={[
                { value: "pending", label: "Waiting" },
                { value: "notified", label: "Notified" },
                { value: "all", label: "All" },
              ]}
            />
          </FilterBar>
          <NotifyTable data={d.data} />
        </>
      )}
    </>
  );
}
