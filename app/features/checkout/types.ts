// What the order endpoints answer: the quote (/api/v1/orders/quote) and the placed order
// (/api/v1/orders), as the checkout reads them.
import type { PaymentMethod } from "../../../core/checkout";

export interface Shipping {
  id: number;
  description: string;
  costCents: number;
}

export interface Totals {
  goodsTotalCents: number;
  shippingCostCents: number;
  freeShipping: boolean;
  maxRedeemCents: number;
  pointsRedeemedCents: number;
  pointsEarnedCents: number;
  totalCents: number;
  vatText: string;
}

export interface Quote {
  lines: {
    productId: number;
    variantId: number | null;
    description: string;
    qty: number;
    unitPriceCents: number;
    lineTotalCents: number;
    available: number;
  }[];
  shortages: { productId: number; description: string; available: number }[];
  shippingMethods: Shipping[];
  shipping: Shipping | null;
  totals: Totals;
  pointsEnabled: boolean;
  availablePointsCents: number;
  paymentMethods: PaymentMethod[];
  freeDeliveryTotalCents: number | null;
  billing: {
    name: string;
    surname: string;
    company: string | null;
    email: string;
    phone: string;
    street: string;
    postcode: string;
    city: string;
    country: string;
  };
}

export interface Placed {
  code: string;
  status: "placed" | "pending_payment";
  paymentMethod: PaymentMethod;
  totals: Totals;
  shipping: Shipping;
  lines: Quote["lines"];
  bankDetails: string | null;
  redirectUrl: string | null;
  paymentCode: string | null;
}
