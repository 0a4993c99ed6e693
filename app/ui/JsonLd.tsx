// A schema.org JSON-LD block, server-rendered with the response's CSP nonce.
import { useRouteLoaderData } from "react-router";
import { jsonLdString } from "../../core/seo";

export function JsonLd({ data }: { data: object | object[] }) {
  const root = useRouteLoaderData("root") as { nonce?: string } | undefined;
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
