import { type ReactElement, Suspense } from 'react';
import { lazyNamed } from '../../lib/lazy-import';

const RightTooltip = lazyNamed(() => import('./collapsed-menu'), 'RightTooltip');

/**
 * A tooltip to the right of a collapsed side-menu item. The element shows at once; the tooltip joins it when its
 * chunk has loaded, which happens only once the menu is collapsed, never with the first page or on a phone
 * (docs/decisions/0048). Joining remounts the element: the collapse button puts the focus back (app-layout.tsx).
 */
export function SideTooltip({
  label,
  disabled = false,
  children,
}: {
  label: string;
  disabled?: boolean;
  children: ReactElement;
}) {
  if (disabled) return children;
  return (
    <Suspense fallback={children}>
      <RightTooltip label={label}>{children}</RightTooltip>
    </Suspense>
  );
}
