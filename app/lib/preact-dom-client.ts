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
