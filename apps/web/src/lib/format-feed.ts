/** Bits per second, as people read link speeds. */
export const formatBitrate = (bps: number) =>
  bps >= 1_000_000
    ? `${(bps / 1_000_000).toFixed(1)} Mbit/s`
    : bps >= 1000
      ? `${(bps / 1000).toFixed(1)} kbit/s`
      : `${bps} bit/s`;

export const formatBytes = (bytes: number) =>
  bytes < 1024
    ? `${bytes} B`
    : bytes < 1024 ** 2
      ? `${(bytes / 1024).toFixed(1)} KB`
      : `${(bytes / 1024 ** 2).toFixed(1)} MB`;

/** "12 s ago", "3 min ago", "2 h ago", "4 d ago" in the page's language. */
export function formatAgo(iso: string, now: number, language: string) {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto', style: 'short' });
  const abs = Math.abs(seconds);
  if (abs < 60) return format.format(Math.min(seconds, 0), 'second');
  if (abs < 3600) return format.format(Math.round(seconds / 60), 'minute');
  if (abs < 86_400) return format.format(Math.round(seconds / 3600), 'hour');
  return format.format(Math.round(seconds / 86_400), 'day');
}

export const formatDateTime = (iso: string, language: string) =>
  new Date(iso).toLocaleString(language, { dateStyle: 'medium', timeStyle: 'medium' });

export const formatLatLon = (position: { latitude: number; longitude: number }) =>
  `${position.latitude.toFixed(7)}, ${position.longitude.toFixed(7)}`;
