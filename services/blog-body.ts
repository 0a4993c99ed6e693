// A blog post's body as it is stored: HTML kept to the tags an article needs, links safe, and
// every picture one of the store's own files with its real width and height written on it (so a
// post never shifts while its pictures load) and lazy loading. The back office and the seed both
// store bodies through prepareBlogBody; the storefront shows them as stored.
import sanitizeHtml from "sanitize-html";
import { storedPictureSize } from "./admin/images";
import { CONTENT_HTML } from "./content";
import type { StoreContext } from "./context";

const LOCAL_IMAGE = /^\/images\/[A-Za-z0-9][A-Za-z0-9/_.-]*$/;

/** The shop's text (services/content.ts) with what an article adds: sections, figures, pictures, rules. */
const BASE: sanitizeHtml.IOptions = {
  ...CONTENT_HTML,
  allowedTags: [...(CONTENT_HTML.allowedTags || []), "h2", "figure", "figcaption", "img", "hr"],
  allowedAttributes: {
    ...CONTENT_HTML.allowedAttributes,
    img: ["src", "alt", "width", "height", "loading", "decoding"],
  },
  allowedSchemesByTag: { img: [] },
};

/** The local picture URLs a body names (after sanitising), each once. */
function pictureUrls(html: string): string[] {
  const urls = new Set<string>();
  sanitizeHtml(html, {
    ...BASE,
    exclusiveFilter: (frame) => {
      const src = frame.attribs.src;
      if (frame.tag === "img" && src && LOCAL_IMAGE.test(src) && !src.includes("..")) urls.add(src);
      return false;
    },
  });
  return [...urls];
}

/**
 * Sanitises a post's HTML for storing. Pictures that are not the store's own readable files are
 * dropped; the others get their file's width and height, `loading="lazy"` and an `alt` (empty
 * when the writer gave none, which marks the picture as decoration).
 */
export async function prepareBlogBody(store: StoreContext, html: string): Promise<string> {
  const sizes = new Map<string, { width: number; height: number }>();
  for (const url of pictureUrls(html)) {
    const size = await storedPictureSize(store, url);
    if (size) sizes.set(url, size);
  }
  return sanitizeHtml(html, {
    ...BASE,
    exclusiveFilter: (frame) => frame.tag === "img" && !sizes.has(frame.attribs.src ?? ""),
    transformTags: {
      ...CONTENT_HTML.transformTags,
      img: (tagName, attribs) => {
        const size = sizes.get(attribs.src ?? "");
        return {
          tagName,
          attribs: {
            src: attribs.src ?? "",
            alt: attribs.alt ?? "",
            width: String(size?.width ?? ""),
            height: String(size?.height ?? ""),
            loading: "lazy",
            decoding: "async",
          },
        };
      },
    },
  }).trim();
}
