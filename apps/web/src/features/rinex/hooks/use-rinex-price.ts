import { useDebouncedValue } from '@mantine/hooks';
import type { TimeWindow } from '../../../lib/rinex-time';
import type { OwnerScope } from '../../../session/owner-scope';
import { useArchiveCoverage } from '../api/get-archive-coverage';

/** The price follows the window once it has been still this long, not at every keystroke. */
export const priceDebounceMs = 400;

const windowKey = (window: TimeWindow | null) => (window ? `${window.from}/${window.to}` : '');

function keyWindow(key: string): TimeWindow | null {
  const [from, to] = key.split('/').map(Number);
  return key && from !== undefined && to !== undefined ? { from, to } : null;
}

/**
 * The recorded time and price of a window from the archive endpoint, asked for once the window is still; whether the
 * answer shown is the current window's (nothing is bought at an old price).
 */
export function useRinexPrice(scope: OwnerScope, stationId: string | null, window: TimeWindow | null) {
  // A string, not the window object: a new object at each render would restart the wait.
  const [debouncedKey] = useDebouncedValue(windowKey(window), priceDebounceMs);
  const coverage = useArchiveCoverage(scope, stationId, keyWindow(debouncedKey));
  const data = coverage.data?.stationId === stationId ? coverage.data : undefined;
  const isCurrent =
    window !== null &&
    data !== undefined &&
    Date.parse(data.from) === window.from &&
    Date.parse(data.to) === window.to &&
    !coverage.isPlaceholderData;
  return { coverage, data, isCurrent };
}

export type RinexPrice = ReturnType<typeof useRinexPrice>;
