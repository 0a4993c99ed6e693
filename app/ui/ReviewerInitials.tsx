// A reviewer without a photo: the initials of their name in a round badge, not a stock
// silhouette. Decorative: the name beside it is what a screen reader reads.
import { reviewerInitials } from "../../core/product-reviews";

export function ReviewerInitials({ name, className }: { name: string; className: string }) {
  return (
    <span
      aria-hidden="true"
      className={`flex shrink-0 items-center justify-center rounded-full font-semibold text-brand-dark ${className}`}
      data-testid="review-initials"
    >
      {reviewerInitials(name)}
    </span>
  );
}
