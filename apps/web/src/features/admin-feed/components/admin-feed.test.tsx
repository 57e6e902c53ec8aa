import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubUser } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render';

const networkId = '5c1d7a45-9b9f-4b68-8b68-7f8a1d2e3f40';
const now = new Date();
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();
const summary = {
  networkId,
  code: 'FARM',
  name: 'Farm Network',
  kind: 'relay',
  isPublished: true,
  stationCount: 2,
  connectedCount: 1,
  roverCount: 1,
  bitrate: 4800,
  lastDataAt: ago(1),
  errorCount: 1,
};
const live = {
  id: 's1',
  mountpoint: 'FARM_NORTH',
  identifier: 'North barn',
  isEnabled: true,
  isConnected: true,
  connectedSince: ago(3600),
  disconnectedAt: null,
  lastDataAt: ago(1),
  bitrate: 4800,
  messageTypes: [
    { type: 1005, count: 36, ratePerMinute: 6 },
    { type: 1077, count: 3600, ratePerMinute: 60 },
  ],
  enteredPosition: { latitude: 52.1, longitude: 5.2, height: 10 },
  decodedPosition: { latitude: 52.1000012, longitude: 5.2000021, height: 10.5 },
  positionOffsetM: 0.19,
  sourceAddress: '10.0.0.5',
  sourceAgent: 'NTRIP RTKLIB/2.4.3',
  lastError: null,
  lastErrorAt: null,
  errorIsCurrent: false,
  rovers: [
    {
      sessionId: 'r1',
      username: 'fx-k3m9q2t',
      clientAddress: '192.0.2.7',
      userAgent: 'NTRIP Tractor',
      startedAt: ago(120),
      bytesSent: 20480,
      lastPosition: { latitude: 52.11, longitude: 5.21 },
      distanceToBaseM: 1500,
    },
  ],
  events: [{ kind: 'connected', reason: null, at: ago(3600) }],
  updatedAt: ago(1),
};
const down = {
  ...live,
  id: 's2',
  mountpoint: 'FARM_SOUTH',
  identifier: '',
  isConnected: false,
  connectedSince: null,
  disconnectedAt: ago(600),
  bitrate: 0,
  messageTypes: [],
  decodedPosition: null,
  positionOffsetM: null,
  rovers: [],
  lastError: '401 Unauthorized',
  lastErrorAt: ago(30),
  errorIsCurrent: true,
  events: [
    { kind: 'disconnected', reason: 'upstream-failed', at: ago(600) },
    { kind: 'connected', reason: null, at: ago(7200) },
  ],
};

describe('admin feed pages', () => {
  it('lists every network with its live state', async () => {
    stubUser({ overview: { isAdmin: true } }, (url) =>
      url.pathname === '/api/admin/feed' ? { body: [summary] } : undefined,
    );
    renderApp('/admin/feed');
    const card = within(await screen.findByRole('article', { name: 'Farm Network' }, { timeout: 10_000 }));
    expect(card.getByText('1 / 2')).toBeInTheDocument();
    expect(card.getByText('1 upstream error')).toBeInTheDocument();
    expect(card.getByText('4.8 kbit/s')).toBeInTheDocument();
  });

  it('shows each station: connection, message types with rates, positions, rovers, upstream error and outages', async () => {
    stubUser({ overview: { isAdmin: true } }, (url) =>
      url.pathname === `/api/admin/feed/${networkId}`
        ? { body: { network: summary, stations: [live, down], generatedAt: now.toISOString() } }
        : undefined,
    );
    renderApp(`/admin/feed/${networkId}`);
    const north = within(await screen.findByTestId('station-FARM_NORTH', {}, { timeout: 10_000 }));
    expect(north.getByTestId('station-status')).toHaveTextContent('Connected since 1 hr. ago');
    const types = within(north.getByTestId('message-types'));
    expect(types.getAllByRole('row').map((row) => row.textContent)).toEqual([
      'TypePer minuteReceived',
      '1005636',
      '1077603,600',
    ]);
    expect(north.getByTestId('decoded-position')).toHaveTextContent('52.1000012, 5.2000021 · 10.500 m');
    expect(north.getByTestId('position-offset')).toHaveTextContent('0.19 m');
    expect(within(north.getByTestId('rovers')).getByText('fx-k3m9q2t')).toBeInTheDocument();

    const south = within(screen.getByTestId('station-FARM_SOUTH'));
    expect(south.getByTestId('station-status')).toHaveTextContent('Disconnected since 10 min. ago');
    expect(south.getByTestId('upstream-error')).toHaveTextContent('401 Unauthorized');
    expect(south.getByTestId('outage-history')).toHaveTextContent('disconnected (upstream-failed)');
    expect(screen.getByRole('group', { name: 'Stations online' })).toHaveTextContent('1 / 2');
  });

  it('says a mistyped or deleted network is not found, with the way back, instead of the API message', async () => {
    stubUser({ overview: { isAdmin: true } }, (url) =>
      url.pathname === '/api/admin/feed/not-an-id'
        ? { status: 400, body: { code: 'VALIDATION_FAILED', message: 'Invalid params.networkId: Invalid UUID' } }
        : url.pathname === `/api/admin/feed/${networkId}`
          ? { status: 404, body: { code: 'NOT_FOUND', message: 'No such network.' } }
          : undefined,
    );
    for (const id of ['not-an-id', networkId]) {
      const { unmount } = renderApp(`/admin/feed/${id}`);
      expect(await screen.findByText('Network not found', {}, { timeout: 10_000 })).toBeInTheDocument();
      expect(screen.queryByText(/Invalid params|No such network/)).not.toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'All networks' })).toHaveAttribute('href', '/admin/feed');
      unmount();
    }
  });

  it('says a connected station that sends nothing is silent, not connected', async () => {
    const quiet = { ...live, id: 's3', mountpoint: 'FARM_QUIET', lastDataAt: ago(120) };
    stubUser({ overview: { isAdmin: true } }, (url) =>
      url.pathname === `/api/admin/feed/${networkId}`
        ? { body: { network: summary, stations: [quiet], generatedAt: now.toISOString() } }
        : undefined,
    );
    renderApp(`/admin/feed/${networkId}`);
    const card = within(await screen.findByTestId('station-FARM_QUIET', {}, { timeout: 10_000 }));
    expect(card.getByTestId('station-status')).toHaveTextContent('Connected, silent since 2 min. ago');
  });
});
