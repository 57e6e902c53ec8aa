import { useEffect } from 'react';
import { brand } from '../config/brand';

/** Page titles are the brand name, ' | ', and the page title (spec 1). */
export function usePageTitle(title: string) {
  useEffect(() => {
    document.title = `${brand.name} | ${title}`;
  }, [title]);
}
