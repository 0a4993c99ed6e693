// `react-dom/client` for the browser build, which runs on preact/compat
// (docs/decisions/0012-preact-in-the-browser.md).
//
// React Router's root layout renders <html> itself, so the app hydrates the whole document.
// Preact, given `document`, renders into <html> instead (preactjs/preact#3794) and would nest a
// second <html> inside the first. This stands in for the document: its only child is <html>,
// so the existing tree is matched and hydrated in place.
import { hydrate, render, unmountComponentAtNode } from "preact/compat";
import type { ReactNode } from "react";

type Container = Element | Document | DocumentFragment;

function documentStandIn(): Element {
  const html = document.documentElement;
  return {
    namespaceURI: null,
    get firstChild() {
      return html;
    },
    get childNodes() {
      return [html];
    },
    insertBefore: (node: Node, ref: Node | null) => document.insertBefore(node, ref),
    appendChild: (node: Node) => document.appendChild(node),
    removeChild: (node: Node) => document.removeChild(node),
    contains: (node: Node) => document.contains(node),
  } as unknown as Element;
}

/**
 * React's server renderer brackets each Suspense boundary with <!--$--> and <!--/$-->. Preact
 * skips a comment before a section that suspends while hydrating, but not the closing one after
 * it: the element that follows such a section (<main> after the header, the scroll-to-top button
 * after the footer) was moved back over the comment, and moving <main> made the browser drop and
 * rebuild the layout of the whole page right after hydration (docs/decisions/0016). The markers
 * mean nothing to Preact; by the time the entry runs, the stream has finished, so every boundary
 * is complete ("$?" and "$!", pending or failed ones, are left alone).
 */
function dropSuspenseMarkers(root: Node): void {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_COMMENT);
  const markers: Node[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.nodeValue === "$" || node.nodeValue === "/$") markers.push(node);
  }
  for (const marker of markers) marker.parentNode?.removeChild(marker);
}

const asParent = (container: Container): Element =>
  container === document ? documentStandIn() : (container as Element);

export function createRoot(container: Container) {
  const parent = asParent(container);
  return {
    render(children: ReactNode) {
      render(children as never, parent);
    },
    unmount() {
      unmountComponentAtNode(parent);
    },
  };
}

export function hydrateRoot(container: Container, children: ReactNode) {
  dropSuspenseMarkers(container);
  const parent = asParent(container);
  hydrate(children as never, parent);
  return {
    render(next: ReactNode) {
      render(next as never, parent);
    },
    unmount() {
      unmountComponentAtNode(parent);
    },
  };
}

export default { createRoot, hydrateRoot };
