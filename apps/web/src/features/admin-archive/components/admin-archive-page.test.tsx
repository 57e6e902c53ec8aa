import type { AdminArchive, AdminArchiveNetwork } from '@fixpoint/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubUser } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render';

const slow = { timeout: 4000 };
const now = Date.now();
const stationId = '7f1c2a8e-5a0b-4c1e-9d5e-2f4b6c8d0a11';

const hosted: AdminArchiveNetwork = {
  id: 'a1b2c3d4-0000-4000-8000-000000000001',
  code: 'DEMO',
  name: 'Demo Network',
  kind: 'hosted',
  retentionDays: 30,
  hourlyPrice: 3,
  recordRelayed: false,
  storedBytes: 1_450_000,
  stations: [
    {
      id: stationId,
      mountpoint: 'EIJS00NLD',
      segments: 1440,
      storedBytes: 1_450_000,
      rawBytes: 4_200_000,
      firstDataAt: new Date(now - 10 * 86_400_000).toISOString(),
      lastDataAt: new Date(now - 5 * 60_000).toISOString(),
      lastDaySeconds: 43_200,
    },
    {
      id: '0b9d4e6f-1c2a-4b3c-8d7e-6f5a4b3c2d1e',
      mountpoint: 'KOSG00NLD',
      segments: 0,
      storedBytes: 0,
      rawBytes: 0,
      firstDataAt: null,
      lastDataAt: null,
      lastDaySeconds: 0,
    },
  ],
};

const relay: AdminArchiveNetwork = {
  id: 'a1b2c3d4-0000-4000-8000-000000000002',
  code: 'UPST',
  name: 'Upstream Relay',
  kind: 'relay',
  retentionDays: 0,
  hourlyPrice: 0,
  recordRelayed: false,
  storedBytes: 0,
  stations: [
    {
      id: '5d6e7f80-0000-4000-8000-000000000003',
      mountpoint: 'RELAY01',
      segments: 0,
      storedBytes: 0,
      rawBytes: 0,
      firstDataAt: null,
      lastDataAt: null,
      lastDaySeconds: 0,
    },
  ],
};

type Answer = { status?: number; body?: unknown };

/** An admin; `GET /api/admin/archive` answers `archive` (or `failure`), each PUT answers `saved` (or echoes). */
function stubArchive({
  archive = { storedBytes: 1_450_000, networks: [hosted, relay] },
  failure,
  saved,
}: {
  archive?: AdminArchive;
  failure?: Answer;
  saved?: Answer;
} = {}) {
  const puts: { path: string; body: unknown }[] = [];
  let reads = 0;
  stubUser({ overview: { isAdmin: true } }, (url, init) => {
    const method = init?.method ?? 'GET';
    if (url.pathname === '/api/admin/archive') {
      reads += 1;
      return failure && reads === 1 ? failure : { body: archive };
    }
    if (method === 'PUT' && /^\/api\/admin\/networks\/[^/]+\/archive$/.test(url.pathname)) {
      const body = JSON.parse(String(init?.body));
      puts.push({ path: url.pathname, body });
      return saved ?? { body };
    }
    return undefined;
  });
  return { puts, reads: () => reads };
}

const networkCard = async (name: string) => within(await screen.findByRole('region', { name }, slow));

describe('the admin archive page', () => {
  it('shows the total, each network with its settings and its stations with coverage and sizes', async () => {
    stubArchive();
    renderApp('/admin/archive');
    expect(await screen.findByRole('heading', { level: 1, name: 'Archive' }, slow)).toBeInTheDocument();
    expect(await screen.findByTestId('admin-archive-total', {}, slow)).toHaveTextContent('1.5 MB');
    expect(screen.getByRole('group', { name: 'Networks recording' })).toHaveTextContent('1 of 2');

    const demo = await networkCard('Demo Network');
    expect(demo.getByText('DEMO')).toBeInTheDocument();
    expect(demo.getByText('Hosted')).toBeInTheDocument();
    expect(demo.getByText('Recorded, kept for 30 days')).toBeInTheDocument();
    expect(demo.getByLabelText('Keep recordings (days)')).toHaveValue('30');
    expect(demo.getByLabelText('RINEX price (credits per hour)')).toHaveValue('3');
    // Only a relay asks whether its relayed stations are recorded.
    expect(demo.queryByRole('switch')).toBeNull();

    const rows = demo.getAllByTestId('admin-archive-station');
    expect(rows).toHaveLength(2);
    const first = within(rows[0] as HTMLElement);
    expect(first.getByText('EIJS00NLD')).toBeInTheDocument();
    expect(first.getByText('50%')).toBeInTheDocument();
    expect(first.getByText('12 h')).toBeInTheDocument();
    expect(first.getByText('5 min. ago')).toBeInTheDocument();
    expect(first.getAllByText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC$/)).toHaveLength(2);
    expect(first.getByText('1,440')).toBeInTheDocument();
    expect(first.getByText('1.5 MB')).toBeInTheDocument();
    expect(first.getByText('4.2 MB raw')).toBeInTheDocument();
    const second = within(rows[1] as HTMLElement);
    expect(second.getAllByText('No data yet')).toHaveLength(2);
    expect(second.getByRole('button', { name: 'Raw RTCM of KOSG00NLD' })).toBeDisabled();

    const upstream = await networkCard('Upstream Relay');
    expect(upstream.getByText('Relay')).toBeInTheDocument();
    expect(upstream.getByText('Not recorded: recordings are kept 0 days.')).toBeInTheDocument();
    expect(upstream.getByText('0 days: this network is not recorded.')).toBeInTheDocument();
    expect(upstream.getByRole('switch', { name: /Record relayed stations/ })).not.toBeChecked();
    expect(upstream.getByText(/^No station has recorded data yet/)).toBeInTheDocument();
    expect(upstream.queryByRole('table')).toBeNull();
  });

  it('saves a network’s settings, says so and reads the archive again', async () => {
    const { puts, reads } = stubArchive();
    const { user } = renderApp('/admin/archive');
    const upstream = await networkCard('Upstream Relay');
    const save = upstream.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();

    const days = upstream.getByLabelText('Keep recordings (days)');
    await user.clear(days);
    await user.type(days, '90');
    const price = upstream.getByLabelText('RINEX price (credits per hour)');
    await user.clear(price);
    await user.type(price, '2.5');
    expect(price).toHaveValue('25');
    await user.click(upstream.getByRole('switch', { name: /Record relayed stations/ }));
    await user.click(save);

    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({
      path: `/api/admin/networks/${relay.id}/archive`,
      body: { retentionDays: 90, hourlyPrice: 25, recordRelayed: true },
    });
    expect(await screen.findByText('The archive settings of Upstream Relay are saved.')).toBeInTheDocument();
    await waitFor(() => expect(reads()).toBe(2));
  });

  it('shows the server’s objection under its field', async () => {
    stubArchive({
      saved: {
        status: 400,
        body: {
          code: 'VALIDATION_FAILED',
          message: 'Invalid body.retentionDays: Keep recordings 0 to 3650 days.',
          details: [{ path: 'body.retentionDays', message: 'Keep recordings 0 to 3650 days.' }],
        },
      },
    });
    const { user } = renderApp('/admin/archive');
    const demo = await networkCard('Demo Network');
    const days = demo.getByLabelText('Keep recordings (days)');
    await user.clear(days);
    await user.type(days, '365');
    await user.click(demo.getByRole('button', { name: 'Save' }));
    expect(await demo.findByText('Keep recordings 0 to 3650 days.')).toBeInTheDocument();
    expect(days).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows an objection that names no field in an alert', async () => {
    stubArchive({ saved: { status: 404, body: { code: 'NETWORK_NOT_FOUND', message: 'No such network.' } } });
    const { user } = renderApp('/admin/archive');
    const demo = await networkCard('Demo Network');
    const price = demo.getByLabelText('RINEX price (credits per hour)');
    await user.clear(price);
    await user.type(price, '4');
    await user.click(demo.getByRole('button', { name: 'Save' }));
    expect(await demo.findByRole('alert')).toHaveTextContent('This network does not exist (any more).');
  });

  it('downloads the raw RTCM of the chosen window, the last hour unless changed, 24 hours at most', async () => {
    stubArchive();
    const { user } = renderApp('/admin/archive');
    const demo = await networkCard('Demo Network');
    await user.click(demo.getByRole('button', { name: 'Raw RTCM of EIJS00NLD' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Raw RTCM of EIJS00NLD' }));

    const link = () => dialog.getByRole('link', { name: 'Download' });
    const window = () => {
      const url = new URL(link().getAttribute('href') ?? '', 'http://localhost');
      return { path: url.pathname, from: url.searchParams.get('from'), to: url.searchParams.get('to') };
    };
    const initial = window();
    expect(initial.path).toBe(`/api/admin/stations/${stationId}/raw`);
    expect(Date.parse(initial.to ?? '') - Date.parse(initial.from ?? '')).toBe(3_600_000);

    const startDate = dialog.getByLabelText('Start date (UTC)') as HTMLInputElement;
    const endDate = dialog.getByLabelText('End date (UTC)') as HTMLInputElement;
    const dayBefore = new Date(Date.parse(`${endDate.value}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    fireEvent.change(startDate, { target: { value: dayBefore } });
    fireEvent.change(dialog.getByLabelText('Start time (UTC)'), { target: { value: '00:00' } });
    expect(await dialog.findByText('A window is at most 24 hours.')).toBeInTheDocument();
    expect(dialog.queryByRole('link', { name: 'Download' })).toBeNull();
    expect(dialog.getByRole('button', { name: 'Download' })).toBeDisabled();

    fireEvent.change(endDate, { target: { value: dayBefore } });
    fireEvent.change(dialog.getByLabelText('End time (UTC)'), { target: { value: '06:30' } });
    expect(window()).toEqual({
      path: `/api/admin/stations/${stationId}/raw`,
      from: `${dayBefore}T00:00:00.000Z`,
      to: `${dayBefore}T06:30:00.000Z`,
    });
  });

  it('keeps the heading when the archive cannot be loaded, and tries again', async () => {
    stubArchive({ failure: { status: 503, body: { code: 'SERVICE_UNAVAILABLE', message: 'down' } } });
    const { user } = renderApp('/admin/archive');
    expect(await screen.findByText('The archive could not be loaded', {}, slow)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Archive' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('admin-archive-total')).toHaveTextContent('1.5 MB');
  });

  it('says when there are no networks to record', async () => {
    stubArchive({ archive: { storedBytes: 0, networks: [] } });
    renderApp('/admin/archive');
    expect(await screen.findByText(/^No networks yet/, {}, slow)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create a network' })).toHaveAttribute('href', '/admin/networks');
  });
});
