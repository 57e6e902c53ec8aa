import {
  defaultDescription,
  metaPageAt,
  pageMetaElementId,
  parseStoredPageMetas,
  type StoredPageMeta,
} from '@fixpoint/shared';
import { createContext, useContext, useEffect } from 'react';
import { useLocation } from 'react-router';
import { useBrand } from './brand/brand-context';

/**
 * Set by a route that shows another page under itself (the auth modal's /login over the dashboard): the page
 * underneath then leaves the title to it.
 */
const TitleOwner = createContext(false);
export const PageTitleOwner = TitleOwner.Provider;

/** What an admin set for the page at `path` (`PUT /api/meta/pages/{page}`), as the server wrote it into the page. */
export function storedPageMeta(path: string, doc: Document = document): StoredPageMeta | undefined {
  const page = metaPageAt(path);
  const text = page && doc.getElementById(pageMetaElementId)?.textContent;
  if (!page || !text) return undefined;
  try {
    return parseStoredPageMetas(JSON.parse(text))[page];
  } catch {
    return undefined;
  }
}

function setDescription(content: string) {
  let element = document.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!element) {
    element = document.createElement('meta');
    element.name = 'description';
    document.head.append(element);
  }
  element.content = content;
}

/**
 * Page titles are the brand name, ' | ', and the page title (spec 1); the title and description an admin set for
 * the page win over the built-in ones (docs/decisions/0074).
 */
export function usePageTitle(title: string) {
  const brand = useBrand();
  const isOwnedAbove = useContext(TitleOwner);
  const { pathname } = useLocation();
  useEffect(() => {
    if (isOwnedAbove) return;
    const stored = storedPageMeta(pathname);
    document.title = `${brand.name} | ${stored?.title ?? title}`;
    setDescription(stored?.description || defaultDescription);
  }, [brand.name, title, pathname, isOwnedAbove]);
}
