import { useEffect } from 'react';
import { chunkLoadsSettled, isChunkLoading } from './lazy-import';

/**
 * What index.html's first script held back: a click on a button React did not answer yet, or a form's submission,
 * with its element and where that stood in the page (the child indexes from `<html>` down).
 */
type HeldInput = { type: 'click' | 'submit'; element: Element; path: number[] };

declare global {
  interface Window {
    /** Set by index.html's first script: stops holding input and hands over what it held, once. */
    __fixpointReleaseInput?: () => HeldInput[];
  }
}

const isSameKind = (a: Element, b: Element) =>
  a.tagName === b.tagName &&
  a.getAttribute('aria-label') === b.getAttribute('aria-label') &&
  a.textContent === b.textContent;

/** The held element, or the one the app rendered in its place (same position, tag, name and text), or null. */
function currentElement({ element, path }: HeldInput, doc: Document): Element | null {
  if (element.isConnected) return element;
  let node: Element | undefined = doc.documentElement;
  for (const index of path) node = node?.children[index];
  return node && isSameKind(node, element) ? node : null;
}

/**
 * Hands the app what a person did before it answered (docs/decisions/0059): each held click goes to its button, and
 * each held submission to its form, in the order they were made. A part the app rendered anew takes it in the held
 * element's place; what has no element left is dropped.
 */
export function releaseEarlyInput(doc: Document = document) {
  for (const input of doc.defaultView?.__fixpointReleaseInput?.() ?? []) {
    const element = currentElement(input, doc);
    if (input.type === 'submit' && element instanceof HTMLFormElement) element.requestSubmit();
    else if (input.type === 'click' && element instanceof HTMLElement) element.click();
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Resolves once the app has settled after its first render: no chunk is loading, and React has had a moment to
 * hydrate what the last ones brought (docs/decisions/0059).
 */
export async function appSettled(momentMs = 100) {
  do {
    await chunkLoadsSettled();
    await pause(momentMs);
  } while (isChunkLoading());
}

/** Rendered last in the app: once its first render (or hydration) is committed and settled, input goes to the app. */
export function EarlyInputRelease() {
  useEffect(() => {
    void appSettled().then(() => releaseEarlyInput());
  }, []);
  return null;
}
