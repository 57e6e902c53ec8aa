import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { health, sessionUser, stubUser, userOverview } from '../../../testing/fixtures';
import { renderApp, stubApi } from '../../../testing/render';

const templateId = '3b0c6f34-8a8e-4a57-9a57-6e7f0c1d2e3f';
const networkId = '5c1d7a45-9b9f-4b68-8b68-7f8a1d2e3f40';
const stationId = '6d2e8b56-0c0a-4c79-9c79-8a9b2e3f4051';
const template = {
  id: templateId,
  name: 'Own base stations',
  description: '',
  kind: 'hosted',
  defaultHost: null,
  defaultPort: 2101,
  ntripVersion: 2,
  authentication: 'basic',
  needsGga: false,
  dailyPrice: 3,
  networkCount: 1,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
};
const network = {
  id: networkId,
  code: 'FARM',
  name: 'Farm Network',
  operator: 'Farm Co',
  description: '',
  kind: 'hosted',
  templateId,
  templateName: 'Own base stations',
  dailyPrice: 3,
  visibility: 'public',
  isPublished: false,
  accessStartsAt: 'purchase',
  coverageRadiusKm: 30,
  countryCode: null,
  upstream: { host: '127.0.0.1', port: 2102, version: 1, username: null, hasPassword: false },
  stationCount: 1,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
};
const station = {
  id: stationId,
  networkId,
  mountpoint: 'FARM_NORTH',
  identifier: 'North barn',
  position: { latitude: 52.123456, longitude: 5.654321, height: 10 },
  positionSource: 'decoded',
  countryCode: null,
  format: 'RTCM 3.3',
  formatDetails: '',
  carrier: 2,
  navSystem: 'GPS+GLO',
  needsGga: false,
  upstreamMountpoint: null,
  isEnabled: true,
  hasSourcePassword: true,
  createdAt: '2026-11-01T10:00:00.000Z',
};
const password = crypto.randomUUID().replaceAll('-', '').slice(0, 20);

function stubAdmin(requests: { method: string; path: string; body: unknown }[], kind = network.kind) {
  // stubUser's extra handler does not see the method; these pages need it.
  return stubApi((url, init) => {
    const method = init?.method ?? 'GET';
    if (url.pathname === '/api/health') return { body: health };
    if (url.pathname === '/api/auth/get-session') return { body: { user: sessionUser, session: {} } };
    if (url.pathname === '/api/user') return { body: { ...userOverview, isAdmin: true } };
    if (method !== 'GET') {
      requests.push({ method, path: url.pathname, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    }
    if (url.pathname === '/api/admin/networks' && method === 'GET') return { body: [network] };
    if (url.pathname === '/api/admin/network-templates' && method === 'GET') return { body: [template] };
    if (url.pathname === '/api/admin/network-templates' && method === 'POST') {
      return { status: 201, body: { ...template, id: crypto.randomUUID(), name: 'Relay preset', kind: 'relay' } };
    }
    if (url.pathname === `/api/admin/networks/${networkId}` && method === 'DELETE') return { status: 204 };
    if (url.pathname === `/api/admin/networks/${networkId}` && method === 'GET') {
      return { body: { ...network, kind, stations: [station] } };
    }
    if (url.pathname === `/api/admin/networks/${networkId}/stations` && method === 'POST') {
      return {
        status: 201,
        body: {
          station: {
            ...station,
            id: crypto.randomUUID(),
            mountpoint: 'FARM_SOUTH',
            position: null,
            positionSource: null,
          },
          sourcePassword: password,
          caster: { host: 'caster.example.com', port: 2101 },
        },
      };
    }
    if (url.pathname === `/api/admin/networks/${networkId}/stations/${stationId}/source-password`) {
      return { body: { station, sourcePassword: password, caster: { host: 'caster.example.com', port: 2101 } } };
    }
    if (url.pathname === `/api/admin/networks/${networkId}/stations/${stationId}` && method === 'PATCH') {
      return { status: 409, body: { code: 'CONFLICT', message: 'The mountpoint FARM_SOUTH is already taken.' } };
    }
    if (url.pathname === `/api/admin/networks/${networkId}/import/preview`) {
      return {
        body: {
          source: '127.0.0.1:2102',
          fetchedAt: '2026-11-21T10:00:00.000Z',
          summary: { create: 1, update: 1, unchanged: 0, conflict: 0 },
          changes: [
            {
              upstreamMountpoint: 'FARM_NORTH',
              mountpoint: 'FARM_NORTH',
              action: 'update',
              stationId,
              fields: [{ field: 'latitude', from: 52.12, to: 52.13 }],
              note: null,
            },
            {
              upstreamMountpoint: 'AMS1',
              mountpoint: 'AMS1',
              action: 'create',
              stationId: null,
              fields: [
                { field: 'latitude', from: null, to: 52.37 },
                { field: 'longitude', from: null, to: 4.9 },
                { field: 'format', from: null, to: 'RTCM 3.2' },
              ],
              note: null,
            },
          ],
        },
      };
    }
    if (url.pathname === `/api/admin/networks/${networkId}/import/apply`) {
      return { body: { created: [], updated: ['FARM_NORTH'], unchanged: 0, skipped: ['AMS1'] } };
    }
    return undefined;
  });
}

describe('admin networks pages', () => {
  it('lists networks and templates, and creates a template', async () => {
    const requests: { method: string; path: string; body: unknown }[] = [];
    stubAdmin(requests);
    const { user } = renderApp('/admin/networks');
    expect(await screen.findByRole('heading', { level: 1, name: 'Networks' }, { timeout: 10_000 })).toBeInTheDocument();
    const networks = within(screen.getByRole('region', { name: 'Networks' }));
    const card = within(networks.getByRole('article', { name: 'Farm Network' }));
    expect(card.getByText('FARM')).toBeInTheDocument();
    expect(card.getByText('Hidden')).toBeInTheDocument();
    const templates = within(screen.getByRole('region', { name: 'Network templates' }));
    expect(templates.getByRole('article', { name: 'Own base stations' })).toHaveTextContent('NTRIP 2.0');

    await user.click(screen.getByRole('button', { name: 'New template' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'New template' }));
    await user.type(dialog.getByRole('textbox', { name: 'Template' }), 'Relay preset');
    await user.click(dialog.getByRole('combobox', { name: 'Kind' }));
    await user.click(await screen.findByRole('option', { name: 'Relay' }));
    await user.click(dialog.getByRole('switch', { name: "Mounts need the rover's position (GGA)" }));
    await user.click(dialog.getByRole('button', { name: 'Create template' }));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]).toMatchObject({
      method: 'POST',
      path: '/api/admin/network-templates',
      body: { name: 'Relay preset', kind: 'relay', needsGga: true, defaultPort: 2101, ntripVersion: 2 },
    });
  });

  it("checks a template's name length and host at the fields, before asking the server", async () => {
    const requests: { method: string; path: string; body: unknown }[] = [];
    stubAdmin(requests);
    const { user } = renderApp('/admin/networks');
    await user.click(await screen.findByRole('button', { name: 'New template' }, { timeout: 10_000 }));
    const dialog = within(await screen.findByRole('dialog', { name: 'New template' }));
    // Pasted, as a long name usually arrives: typing 81 keys one by one takes most of the test's time.
    await user.click(dialog.getByRole('textbox', { name: 'Template' }));
    await user.paste('x'.repeat(81));
    await user.type(dialog.getByRole('textbox', { name: 'Default upstream host' }), 'bad host!');
    await user.click(dialog.getByRole('button', { name: 'Create template' }));
    expect(await dialog.findByText('Give it a name of 2 to 80 characters.')).toBeInTheDocument();
    expect(dialog.getByText('A host name or IP address, such as caster.example.com.')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('adds a station and shows its source password once, with a copy button and the str2str line', async () => {
    const requests: { method: string; path: string; body: unknown }[] = [];
    stubAdmin(requests);
    const { user } = renderApp(`/admin/networks/${networkId}`);
    const card = within(await screen.findByRole('article', { name: 'FARM_NORTH' }, { timeout: 10_000 }));
    expect(card.getByText('52.123456, 5.654321')).toBeInTheDocument();
    expect(card.getByText('Decoded (RTCM 1005/1006)')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add station' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add station' }));
    await user.type(dialog.getByRole('textbox', { name: 'Mountpoint' }), 'FARM_SOUTH');
    await user.type(dialog.getByRole('textbox', { name: 'Latitude (°)' }), '52');
    await user.click(dialog.getByRole('button', { name: 'Add station' }));
    expect(await dialog.findByText('Enter both latitude and longitude, or neither.')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
    await user.clear(dialog.getByRole('textbox', { name: 'Latitude (°)' }));
    await user.click(dialog.getByRole('button', { name: 'Add station' }));

    const shown = within(await screen.findByRole('dialog', { name: 'Source password of FARM_SOUTH' }));
    expect(requests[0]).toMatchObject({ method: 'POST', body: { mountpoint: 'FARM_SOUTH' } });
    expect(requests[0]?.body).not.toHaveProperty('latitude');
    expect(shown.getByTestId('source-password')).toHaveValue(password);
    expect(shown.getByRole('button', { name: 'Copy source password' })).toBeInTheDocument();
    expect(
      shown.getByText(
        `str2str -in serial://ttyUSB0:115200 -out ntrips://:${password}@caster.example.com:2101/FARM_SOUTH`,
      ),
    ).toBeInTheDocument();
    await user.click(shown.getByRole('button', { name: 'I have copied it' }));
    await waitFor(() => expect(screen.queryByDisplayValue(password)).not.toBeInTheDocument());
  });

  it("checks a relay station's upstream mountpoint and its place at the fields", async () => {
    const requests: { method: string; path: string; body: unknown }[] = [];
    stubAdmin(requests, 'relay');
    const { user } = renderApp(`/admin/networks/${networkId}`);
    await user.click(await screen.findByRole('button', { name: 'Edit FARM_NORTH' }, { timeout: 10_000 }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit FARM_NORTH' }));
    const upstream = dialog.getByRole('textbox', { name: 'Upstream mountpoint' });
    await user.type(upstream, 'x y');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Letters, digits, _ . or -, up to 100 characters.')).toBeInTheDocument();
    expect(upstream).toHaveAttribute('aria-invalid', 'true');
    const place = dialog.getByRole('textbox', { name: 'Place' });
    await user.clear(place);
    await user.click(place);
    await user.paste('z'.repeat(101));
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Up to 100 characters.')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it("asks before replacing a hosted station's source password, then shows the new one", async () => {
    const requests: { method: string; path: string; body: unknown }[] = [];
    stubAdmin(requests);
    const { user } = renderApp(`/admin/networks/${networkId}`);
    await user.click(await screen.findByRole('button', { name: 'Edit FARM_NORTH' }, { timeout: 10_000 }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit FARM_NORTH' }));
    await user.click(dialog.getByRole('button', { name: 'New source password' }));
    expect(dialog.getByTestId('regenerate-confirm')).toHaveTextContent("The base station's current password stops");
    expect(requests).toHaveLength(0);
    await user.click(dialog.getByRole('button', { name: 'Keep the current one' }));
    expect(dialog.queryByTestId('regenerate-confirm')).not.toBeInTheDocument();
    expect(requests).toHaveLength(0);

    await user.click(dialog.getByRole('button', { name: 'New source password' }));
    await user.click(dialog.getByRole('button', { name: 'Make a new password' }));
    const shown = within(await screen.findByRole('dialog', { name: 'Source password of FARM_NORTH' }));
    expect(shown.getByTestId('source-password')).toHaveValue(password);
    expect(requests).toEqual([
      { method: 'POST', path: `/api/admin/networks/${networkId}/stations/${stationId}/source-password`, body: {} },
    ]);
  });

  it('deletes a network after asking, and goes back to the list without asking for the deleted network again', async () => {
    const requests: { method: string; path: string; body: unknown }[] = [];
    const calls = stubAdmin(requests);
    const { user, router } = renderApp(`/admin/networks/${networkId}`);
    await user.click(await screen.findByRole('button', { name: 'Delete network' }, { timeout: 10_000 }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete Farm Network?' }));
    const detailCalls = () => calls.filter((url) => url.pathname === `/api/admin/networks/${networkId}`).length;
    const before = detailCalls();
    await user.click(dialog.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/networks'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Networks' })).toBeInTheDocument();
    expect(requests).toEqual([{ method: 'DELETE', path: `/api/admin/networks/${networkId}`, body: undefined }]);
    // Only the DELETE itself: no GET of the network that is gone.
    expect(detailCalls()).toBe(before + 1);
  });

  it("drops the server's last error when a new attempt stops at a field", async () => {
    const requests: { method: string; path: string; body: unknown }[] = [];
    stubAdmin(requests);
    const { user } = renderApp(`/admin/networks/${networkId}`);
    await user.click(await screen.findByRole('button', { name: 'Edit FARM_NORTH' }, { timeout: 10_000 }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit FARM_NORTH' }));
    const mountpoint = dialog.getByRole('textbox', { name: 'Mountpoint' });
    await user.clear(mountpoint);
    await user.type(mountpoint, 'FARM_SOUTH');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('The mountpoint FARM_SOUTH is already taken.')).toBeInTheDocument();
    await user.clear(mountpoint);
    await user.type(mountpoint, 'a b');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Letters, digits, _ . or -, up to 100 characters.')).toBeInTheDocument();
    expect(dialog.queryByText('The mountpoint FARM_SOUTH is already taken.')).not.toBeInTheDocument();
    expect(requests).toHaveLength(1);
  });

  it('says a mistyped or deleted network is not found, with the way back, instead of the API message', async () => {
    stubUser({ overview: { isAdmin: true } }, (url) =>
      url.pathname === '/api/admin/networks/not-an-id'
        ? { status: 400, body: { code: 'VALIDATION_FAILED', message: 'Invalid params.id: Invalid UUID' } }
        : url.pathname === `/api/admin/networks/${networkId}`
          ? { status: 404, body: { code: 'NOT_FOUND', message: 'No such network.' } }
          : undefined,
    );
    for (const id of ['not-an-id', networkId]) {
      const { unmount } = renderApp(`/admin/networks/${id}`);
      expect(await screen.findByText('Network not found', {}, { timeout: 10_000 })).toBeInTheDocument();
      expect(screen.queryByText(/Invalid params|No such network/)).not.toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Back to networks' })).toHaveAttribute('href', '/admin/networks');
      unmount();
    }
  });

  it('checks the coverage radius at the field before saving the settings', async () => {
    const requests: { method: string; path: string; body: unknown }[] = [];
    stubAdmin(requests);
    const { user } = renderApp(`/admin/networks/${networkId}`);
    const radius = await screen.findByRole(
      'textbox',
      { name: 'Coverage radius per station (km)' },
      { timeout: 10_000 },
    );
    await user.clear(radius);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('More than 0 and up to 500 km.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Upstream host' }), ' x');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A host name or IP address, such as caster.example.com.')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it("stops the operator and description at the contract's lengths while typing", async () => {
    stubAdmin([]);
    const { user } = renderApp(`/admin/networks/${networkId}`);
    const operator = await screen.findByRole('textbox', { name: 'Operator' }, { timeout: 10_000 });
    await user.clear(operator);
    await user.type(operator, 'x'.repeat(90));
    expect(operator).toHaveValue('x'.repeat(80));
    const description = screen.getByRole('textbox', { name: 'Description' });
    await user.clear(description);
    await user.click(description);
    await user.paste('y'.repeat(1010));
    expect(description).toHaveValue('y'.repeat(1000));
  });

  it('previews a sourcetable import field by field and applies only the chosen rows', async () => {
    const requests: { method: string; path: string; body: unknown }[] = [];
    stubAdmin(requests);
    const { user } = renderApp(`/admin/networks/${networkId}`);
    await user.click(await screen.findByRole('button', { name: 'Import from sourcetable' }, { timeout: 10_000 }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Import stations from the upstream sourcetable' }));
    expect(await dialog.findByTestId('import-summary')).toHaveTextContent('1 new1 changed0 unchanged0 conflicts');
    expect(dialog.getByTestId('import-row-FARM_NORTH')).toHaveTextContent('Latitude: 52.12 → 52.13');
    expect(dialog.getByTestId('import-row-AMS1')).toHaveTextContent('52.37, 4.9 · RTCM 3.2');
    await user.click(dialog.getByRole('checkbox', { name: 'Include AMS1' }));
    await user.click(dialog.getByRole('button', { name: 'Apply 1 change' }));
    expect(await dialog.findByTestId('import-result')).toHaveTextContent('Done: 0 created, 1 updated.');
    const apply = requests.find((r) => r.path.endsWith('/import/apply'));
    expect(apply?.body).toEqual({ upstreamMountpoints: ['FARM_NORTH'] });
  });
});
