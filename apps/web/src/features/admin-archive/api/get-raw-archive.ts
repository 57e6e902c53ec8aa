import type { TimeWindow } from '../../../lib/rinex-time';

/**
 * `GET /admin/stations/{id}/raw?from&to`: the recorded RTCM 3 of a window (24 h at most). A plain link, like the
 * invoices' PDFs: the session cookie goes with it and the server names the file (content-disposition).
 */
export function rawArchiveHref(stationId: string, { from, to }: TimeWindow) {
  const query = new URLSearchParams({ from: new Date(from).toISOString(), to: new Date(to).toISOString() });
  return `/api/admin/stations/${encodeURIComponent(stationId)}/raw?${query}`;
}
