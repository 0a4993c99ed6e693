// A post's state as the back office names it: Draft, Published, or Scheduled (published with a
// date still to come).
import type { BlogPostState } from "../../../core/api/admin/blog";
import { Badge } from "../ui/Page";

export const STATE_LABEL: Record<BlogPostState, string> = {
  draft: "Draft",
  published: "Published",
  scheduled: "Scheduled",
};

export function StateBadge({ state }: { state: BlogPostState }) {
  const tone = state === "published" ? "green" : state === "scheduled" ? "blue" : "grey";
  return <Badge tone={tone}>{STATE_LABEL[state]}</Badge>;
}
