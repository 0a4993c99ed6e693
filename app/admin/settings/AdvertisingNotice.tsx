// Why the law may require restricted advertising, shown on the dashboard and the settings page while
// a shop that sells restricted products still promotes them (core/advertising.ts, decision 0064).
import { Link } from "react-router";
import { ADVERTISING_PART_LABELS, type AdvertisingPart } from "../../../core/advertising";

export function AdvertisingNotice({
  restrictedProducts,
  unrestricted,
  settingsLink = true,
}: {
  restrictedProducts: number;
  unrestricted: readonly AdvertisingPart[];
  /** The settings page is where the switches are: no link to itself. */
  settingsLink?: boolean;
}) {
  if (restrictedProducts === 0 || unrestricted.length === 0) return null;
  return (
    <section
      aria-labelledby="advertising-notice-title"
      className="mb-6 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
      data-testid="advertising-notice"
    >
      <h2 id="advertising-notice-title" className="font-semibold">
        Restricted products are being promoted
      </h2>
      <p className="mt-1">
        The shop sells {restrictedProducts} {restrictedProducts === 1 ? "product" : "products"} whose
        advertising EU law restricts (nicotine and nicotine-free liquids, devices, tanks), and these still
        promote them: {unrestricted.map((p) => ADVERTISING_PART_LABELS[p]).join(", ")}.
      </p>
      <p className="mt-1">
        Directive 2014/40/EU art. 20(5)(a) has every Member State prohibit "commercial communications in
        information society services … with the aim or direct or indirect effect of promoting electronic
        cigarettes and refill containers", except in publications "intended exclusively for professionals in
        the trade". A discount badge or a deals carousel on the shop's own pages can be such a communication.
        Unless the shop sells to the trade alone, turn restricted advertising on, or ask your adviser.
      </p>
      {settingsLink ? (
        <p className="mt-2">
          <Link
            to="/admin/settings#group-advertising"
            className="font-medium text-indigo-800 underline underline-offset-2"
          >
            Open the restricted-advertising settings
          </Link>
        </p>
      ) : null}
    </section>
  );
}
