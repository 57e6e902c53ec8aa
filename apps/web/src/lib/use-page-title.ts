import { useEffect } from 'react';
import { useBrand } from './brand/brand-context';

/** Page titles are the brand name, ' | ', and the page title (spec 1). */
export function usePageTitle(title: string) {
  const brand = useBrand();
  useEffect(() => {
    document.title = `${brand.name} | ${title}`;
  }, [brand.name, title]);
}
