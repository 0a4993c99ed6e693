// What the blog's routes hand their components (the loaders build them from services/blog.ts).
import type { BlogPostSummary, BlogPostView } from "../../../core/blog";
import type { Product } from "../../../core/product-rules";

export interface BlogListData {
  posts: BlogPostSummary[];
  page: number;
  pages: number;
  total: number;
  tags: { name: string; count: number }[];
  /** The tag the list is narrowed to, or null. */
  tag: string | null;
}

export interface BlogPostData {
  post: BlogPostView;
  products: Product[];
  showStock: boolean;
  vatText: string;
}
