import { type PrerenderData, parsePrerenderData, prerenderElementId } from '@fixpoint/shared';

/**
 * The visitor's dashboard the server prerendered into `#root` (docs/decisions/0053): its language and texts, from
 * the JSON beside it; null on any other page (index.html) or when that JSON is not what the server writes.
 */
export function readPrerendered(doc: Document = document): PrerenderData | null {
  const text = doc.getElementById(prerenderElementId)?.textContent;
  if (!text || !doc.getElementById('root')?.firstElementChild) return null;
  try {
    return parsePrerenderData(JSON.parse(text));
  } catch {
    return null;
  }
}
