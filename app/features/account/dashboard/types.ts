// What the dashboard route's loader hands the page, and the page's tabs.
import type { Order } from "../../../../core/api/orders";
import type { EmailProofNotice } from "../../../../core/email-proof";
import type { ReviewStatus } from "../../../../core/reviews";
import type { WithdrawalData } from "../../withdrawal/types";
import type { CountryOption } from "../RegisterForm";

export interface DashboardData {
  customer: {
    name: string;
    surname: string;
    company: string;
    email: string;
    username: string;
    phone: string;
    street: string;
    postcode: string;
    city: string;
    country: string;
    countryName: string;
    legacyAccount: boolean;
    excludeVat: boolean;
  };
  points: string | null;
  /** Earned by orders not yet completed, e.g. "€1.99"; null when there are none. */
  pendingPoints: string | null;
  orders: {
    code: string;
    date: string;
    total: string;
    status: string;
    lines: {
      lineId: number;
      description: string;
      qty: number;
      /** Whether the product can be reviewed from this line, or the state of the review written. */
      review: { status: ReviewStatus | null; canReview: boolean };
    }[];
    /** An unpaid card order: the time until which it can still be paid; null when it cannot. */
    payUntil: string | null;
    /** The right of withdrawal on this order (docs/decisions/0050); null when it has none to show. */
    withdrawal: WithdrawalData | null;
    /** The order's parcels and its delivery (docs/decisions/0055). */
    shipments: Order["shipments"];
    deliveredAt: string | null;
  }[];
  countries: CountryOption[];
  /** What a proof link just did (its landing's query), and whether the email is still unproven. */
  emailProof: { notice: EmailProofNotice | null; pending: boolean };
  /** "Your data" (docs/decisions/0051): how deletion is confirmed, and how long orders are kept. */
  privacy: { confirmByEmail: boolean; fiscalRetentionYears: number };
}

export type Tab = "dashboard" | "orders" | "account";
