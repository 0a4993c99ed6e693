// /blog/{slug}: the breadcrumbs, the article, the products the post recommends (the listing's
// cards, so they add to the cart and wishlist the same way) and the post's BlogPosting JSON-LD
// (its URL and `inLanguage` those of the page's language).
import { useTranslations } from "use-intl";
import { blogPostPath } from "../../../core/blog";
import { localizedPath } from "../../../core/language";
import { blogPostingJsonLd } from "../../../core/seo";
import { fallbackLang } from "../../../core/translation";
import { useLanguage } from "../../lib/localized";
import { useSite } from "../../lib/seo";
import { Breadcrumbs } from "../../ui/Breadcrumbs";
import { JsonLd } from "../../ui/JsonLd";
import { ProductCard } from "../catalog/ProductCard";
import { BlogArticle } from "./BlogArticle";
import type { BlogPostData } from "./blog-data";

export function BlogPostPage({ data }: { data: BlogPostData }) {
  const t = useTranslations("Blog");
  const { post, products } = data;
  const site = useSite();
  const { lang } = useLanguage();
  const path = blogPostPath(post.slug);
  return (
    <>
      <div className="border-b border-slate-200 bg-slate-50">
        <div className="mx-auto max-w-7xl px-4 py-4">
          <Breadcrumbs items={[{ label: t("blog"), to: "/blog" }, { label: post.title }]} path={path} />
        </div>
      </div>
      <BlogArticle
        post={post}
        related={
          products.length > 0 ? (
            <section className="mt-12" aria-labelledby="blog-products-title" data-testid="blog-products">
              <h2 id="blog-products-title" className="mb-6 text-center text-2xl font-semibold text-slate-900">
                {t("productsInPost")}
              </h2>
              <div className="grid grid-cols-2 gap-4 md:grid-cols-4">
                {products.map((p) => (
                  <ProductCard key={p.id} product={p} showStock={data.showStock} vatText={data.vatText} />
                ))}
              </div>
            </section>
          ) : null
        }
      />
      {site ? (
        <JsonLd
          data={{
            ...blogPostingJsonLd(site, {
              path: localizedPath(site.languages, lang, path),
              headline: post.title,
              description: post.seoDescription ?? post.excerpt,
              image: post.cover?.url ?? null,
              datePublished: post.publishedAt,
              dateModified: post.updatedAt,
              author: post.author,
              keywords: post.tags,
            }),
            // The article's language: the page's, or English where its body has no translation.
            inLanguage: fallbackLang(post, "html") ?? lang,
          }}
        />
      ) : null}
    </>
  );
}
