// A schema.org JSON-LD block, server-rendered with the response's CSP nonce.
import { jsonLdString } from "../../core/seo";
import { useRootData } from "../root-data";

export function JsonLd({ data }: { data: object | object[] }) {
  const root = useRootData();
  return (
    <script
      type="application/ld+json"
      nonce={root?.nonce}
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: jsonLdString escapes <, > and & so the data cannot leave the script.
      dangerouslySetInnerHTML={{ __html: jsonLdString(data) }}
    />
  );
}
