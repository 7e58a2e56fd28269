/**
 * Makes everything on the page inert except the given elements (the tour sidebar and any embedded tour
 * controls) and their ancestors: at every level from each kept element up to <body>, the siblings that
 * hold no kept element become inert. Only elements this call made inert are released again, so inert
 * regions the page sets itself (the "Coming Soon" samples) stay as they are.
 *
 * Returns a release function. Elements that leave the page are simply forgotten.
 */
export function inertOthers(keep: readonly Element[], root: Element = document.body): () => void {
  const kept = keep.filter((element) => root.contains(element));
  const path = new Set<Element>();
  for (const element of kept) {
    for (let node: Element | null = element; node && node !== root; node = node.parentElement) {
      path.add(node);
    }
  }
  const keptSet = new Set(kept);
  const marked: Element[] = [];

  const visit = (parent: Element) => {
    for (const child of Array.from(parent.children)) {
      if (keptSet.has(child)) continue;
      if (path.has(child)) {
        visit(child);
        continue;
      }
      // Scripts, styles and other non-rendered elements need nothing.
      if (child instanceof HTMLScriptElement || child instanceof HTMLStyleElement) continue;
      if (child.hasAttribute('inert')) continue;
      child.setAttribute('inert', '');
      marked.push(child);
    }
  };
  visit(root);

  return () => {
    for (const element of marked) element.removeAttribute('inert');
  };
}
