// Page meta that keeps the root's description and robots and sets the page's own title.
type MetaEntry = Record<string, unknown>;
type MatchLike = { id: string; meta?: MetaEntry[] } | undefined;

export function pageMeta(matches: readonly MatchLike[], title: string): MetaEntry[] {
  const root = matches.find((m) => m?.id === "root");
  const inherited = (root?.meta ?? []).filter((m) => !("title" in m));
  const rootTitle = (root?.meta ?? []).find((m) => "title" in m)?.title;
  const site = typeof rootTitle === "string" ? rootTitle.split("|").pop()?.trim() : undefined;
  return [{ title: site ? `${title} | ${site}` : title }, ...inherited];
}
