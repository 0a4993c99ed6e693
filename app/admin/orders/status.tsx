// An order's status as a badge: the words say it, the colour only helps.
import { type AdminOrderStatus, ORDER_STATUS_LABEL } from "../../../core/admin/orders";
import { PAYMENT_METHOD_LABEL, type PaymentMethod } from "../../../core/checkout";
import { Badge } from "../ui/Page";

const TONE: Record<AdminOrderStatus, "grey" | "green" | "amber" | "red" | "blue"> = {
  pending_payment: "grey",
  placed: "amber",
  paid: "blue",
  shipped: "blue",
  delivered: "green",
  completed: "green",
  cancelled: "red",
  expired: "grey",
};

export function OrderStatusBadge({ status }: { status: AdminOrderStatus }) {
  return <Badge tone={TONE[status]}>{ORDER_STATUS_LABEL[status]}</Badge>;
}

export function paymentLabel(method: string): string {
  return PAYMENT_METHOD_LABEL[method as PaymentMethod] ?? method;
}
