// The products whose stored data breaks a legal limit (Directive 2014/40/EU art. 20(3):
// nicotine above 20 mg/ml, a nicotine refill above 10 ml, a tank above 2 ml), for the owner to fix.
// Nothing here deletes them: each links to its form, which refuses to save until the data is lawful.
import { Link } from "react-router";
import type { adminRoutes } from "../../../core/api/admin/routes";
import { REGULATORY_CLASS_LABELS } from "../../../core/regulatory";
import type { AdminOutput } from "../lib/admin-api";
import { Badge, Card, PageHeader } from "../ui/Page";

type Breaches = AdminOutput<typeof adminRoutes.catalog.complianceBreaches>;

export function ComplianceScreen({ data }: { data: Breaches }) {
  return (
    <>
      <PageHeader title="Products out of the legal limits">
        The law allows at most 20 mg/ml of nicotine, nicotine refill containers of at most 10 ml and tanks or
        cartridges of at most 2 ml (Directive 2014/40/EU art. 20(3)). Every way into the catalogue refuses
        such a product; these were stored before. Open each one and correct it, or take it off the shop.
      </PageHeader>
      <Card title={data.total === 0 ? "No product breaks a limit" : `${data.total} products break a limit`}>
        {data.items.length === 0 ? (
          <p className="text-sm text-slate-700">Every stored product keeps the limits.</p>
        ) : (
          <ul className="divide-y divide-slate-200" aria-label="Products out of the legal limits">
            {data.items.map((p) => (
              <li key={p.id} className="py-3">
                <div className="flex flex-wrap items-center gap-2">
                  <Link to={`/admin/products/${p.id}`} className="font-medium text-indigo-800 underline">
                    {p.name}
                  </Link>
                  <span className="text-sm text-slate-600">{p.code}</span>
                  <Badge>{REGULATORY_CLASS_LABELS[p.regulatoryClass]}</Badge>
                  {p.state === "published" ? <Badge tone="red">In the shop</Badge> : <Badge>Hidden</Badge>}
                </div>
                <ul className="mt-1 list-disc ps-5 text-sm text-slate-800">
                  {p.issues.map((i) => (
                    <li key={i.field}>{i.message}</li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </>
  );
}
