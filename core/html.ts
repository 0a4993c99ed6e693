// Text into HTML: the one escape used by the server's own pages and the mail templates.

/** Escapes the five characters that can end an HTML text node or a quoted attribute. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
