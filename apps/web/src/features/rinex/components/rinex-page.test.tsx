import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../testing/render';
import { rinexJob, stationId, stubRinex } from './rinex-test-api';

const slow = { timeout: 4000 };

/** Opens the page and chooses the Demo Network's station in the select. */
async function chooseStation(path = '/rinex') {
  const rendered = renderApp(path);
  const { user } = rendered;
  await screen.findByRole('heading', { level: 1, name: 'RINEX on demand' }, slow);
  await user.click(await screen.findByRole('combobox', { name: 'Station' }));
  await user.click(await screen.findByRole('option', { name: /EIJS00NLD/ }));
  return rendered;
}

const createButton = () => screen.getByRole('button', { name: 'Create RINEX' });

describe('the RINEX page', () => {
  it('shows the stations grouped by network, then the chosen one’s hours, recorded time and price', async () => {
    stubRinex();
    const { user } = renderApp('/rinex');
    await user.click(await screen.findByRole('combobox', { name: 'Station' }, slow));
    const option = await screen.findByRole('option', { name: /EIJS00NLD/ });
    expect(option).toHaveTextContent(/Demo Network · NLD · data since \d{4}-\d{2}-\d{2}/);
    expect(screen.getByText('Other Network')).toBeInTheDocument();
    await user.click(option);

    const strip = await screen.findByRole('group', { name: 'Recorded data per hour' }, slow);
    const cells = within(strip).getAllByRole('button');
    expect(cells).toHaveLength(24);
    expect(cells[0]).toHaveAccessibleName(/UTC: 60 of 60 minutes recorded$/);
    expect(await screen.findByTestId('rinex-price', {}, slow)).toHaveTextContent('3 credits');
    expect(screen.getByTestId('rinex-recorded')).toHaveTextContent('1 h of 1 h');
    expect(screen.getByTestId('rinex-balance')).toHaveTextContent('1250 credits');
    expect(screen.queryByTestId('rinex-partial')).toBeNull();
    await waitFor(() => expect(createButton()).toBeEnabled());
  });

  it('takes the window from an hour of the strip or a quick choice, and prices it again', async () => {
    stubRinex();
    const { user } = await chooseStation();
    const strip = await screen.findByRole('group', { name: 'Recorded data per hour' }, slow);
    const cell = within(strip).getAllByRole('button')[20] as HTMLElement;
    const hour = /^(\d{4}-\d{2}-\d{2}) (\d{2}:00)/.exec(cell.getAttribute('aria-label') ?? '');
    await user.click(cell);
    expect(cell).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByLabelText('Start date (UTC)')).toHaveValue(hour?.[1]);
    expect(screen.getByLabelText('Start time (UTC)')).toHaveValue(hour?.[2]);
    await waitFor(() => expect(screen.getByTestId('rinex-recorded')).toHaveTextContent('1 h of 1 h'), slow);

    await user.click(screen.getByRole('button', { name: 'Last 15 minutes' }));
    expect(screen.getByText('Window of 15 min (at most 24 hours). All times are UTC.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('rinex-recorded')).toHaveTextContent('15 min of 15 min'), slow);
    expect(screen.getByTestId('rinex-price')).toHaveTextContent('1 credit');
  });

  it('says when only part of the window was recorded, and that only that is paid', async () => {
    stubRinex({ share: 0.2 });
    await chooseStation();
    expect(
      await screen.findByText('12 of 60 minutes recorded: you pay for what is recorded.', {}, slow),
    ).toBeInTheDocument();
    expect(screen.getByTestId('rinex-price')).toHaveTextContent('1 credit');
  });

  it('offers to buy credits when the balance is short, and does not sell', async () => {
    stubRinex({ balance: 1 });
    await chooseStation();
    expect(await screen.findByText('You need 2 more credits.', {}, slow)).toBeInTheDocument();
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: 'Buy credits' })).toHaveAttribute('href', '/rinex?buy=credits');
    expect(createButton()).toBeDisabled();
  });

  it('creates the file, shows its progress, then the download with its details', async () => {
    const done = rinexJob({
      status: 'done',
      progress: 100,
      fileName: 'EIJS00NLD_S_20263281000_01H_01S_MO.zip',
      bytes: 1_450_000,
      epochs: 3600,
      // The stream carried no ephemerides: the zip has no navigation file, and the details say so.
      ephemerides: 0,
      expiresAt: '2099-12-01T11:00:00.000Z',
    });
    const { posted } = stubRinex({ progress: [rinexJob({ status: 'running', progress: 40 }), done] });
    const { user } = await chooseStation();
    await waitFor(() => expect(createButton()).toBeEnabled(), slow);
    await user.click(createButton());

    expect(await screen.findByRole('progressbar', { name: 'Progress of the RINEX file' })).toBeInTheDocument();
    expect(posted).toEqual([
      expect.objectContaining({ stationId, interval: 1, from: expect.any(String), to: expect.any(String) }),
    ]);
    expect(posted[0]).not.toHaveProperty('systems');

    const job = within(await screen.findByRole('region', { name: 'RINEX file' }));
    const download = await job.findByRole('link', { name: 'Download' }, slow);
    expect(download).toHaveAttribute('href', `/api/rinex/${done.id}/download`);
    expect(job.getByText('EIJS00NLD_S_20263281000_01H_01S_MO.zip')).toBeInTheDocument();
    expect(job.getByText('1.5 MB')).toBeInTheDocument();
    expect(job.getByText('3,600')).toBeInTheDocument();
    expect(job.getByText('2099-12-01 11:00 UTC')).toBeInTheDocument();
    expect(job.getByText(/^No navigation file: the stream carried no ephemerides\./)).toBeInTheDocument();
    expect(job.queryByRole('progressbar')).toBeNull();
  });

  it('sends only the chosen systems and interval', async () => {
    const { posted } = stubRinex({ progress: [rinexJob()] });
    const { user } = await chooseStation();
    await user.click(screen.getByRole('checkbox', { name: 'GLONASS' }));
    await user.click(screen.getByRole('checkbox', { name: 'QZSS' }));
    const intervals = screen.getByRole('radiogroup', { name: 'Interval' });
    await user.click(within(intervals).getByText('30 s'));
    await waitFor(() => expect(createButton()).toBeEnabled(), slow);
    await user.click(createButton());
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ interval: 30, systems: 'GEC' });
  });

  it('tells why a conversion failed and that its credits went back', async () => {
    stubRinex({
      progress: [rinexJob({ status: 'failed', error: 'noRecording' })],
    });
    const { user } = await chooseStation();
    await waitFor(() => expect(createButton()).toBeEnabled(), slow);
    await user.click(createButton());
    const alert = await screen.findByRole('alert', { name: 'The file could not be made' }, slow);
    expect(alert).toHaveTextContent('The recorded data of this window are no longer available.');
    expect(alert).toHaveTextContent('The 3 credits it cost were refunded.');
  });

  it('refuses a window of more than 24 hours before sending it', async () => {
    stubRinex();
    await chooseStation();
    const end = screen.getByLabelText('End date (UTC)') as HTMLInputElement;
    const start = screen.getByLabelText('Start date (UTC)');
    const twoDaysBefore = new Date(Date.parse(`${end.value}T00:00:00Z`) - 2 * 86_400_000).toISOString().slice(0, 10);
    fireEvent.change(start, { target: { value: twoDaysBefore } });
    expect(await screen.findByText('A window is at most 24 hours.')).toBeInTheDocument();
    expect(createButton()).toBeDisabled();
  });

  it.each([
    [422, 'RINEX_NO_DATA', 'No data was recorded at this station in this window. Choose another window or station.'],
    [404, 'STATION_NOT_FOUND', 'This station has no recorded data you can buy. Choose another station.'],
    [400, 'VALIDATION_FAILED', 'Some of what you entered was not accepted: The window cannot end in the future.'],
    [402, 'INSUFFICIENT_CREDITS', 'Your balance is too low for this. Buy credits, then try again.'],
  ])('says what a %i %s answer means', async (status, code, text) => {
    const message = code === 'VALIDATION_FAILED' ? 'The window cannot end in the future.' : 'refused';
    stubRinex({ created: { status, body: { code, message } } });
    const { user } = await chooseStation();
    await waitFor(() => expect(createButton()).toBeEnabled(), slow);
    await user.click(createButton());
    expect(await screen.findByText(text)).toBeInTheDocument();
    if (code === 'INSUFFICIENT_CREDITS') {
      const main = within(screen.getByRole('main'));
      expect(main.getByRole('link', { name: 'Buy credits' })).toHaveAttribute('href', '/rinex?buy=credits');
    }
  });

  it('says so when no station has recorded data yet', async () => {
    stubRinex({ list: [] });
    renderApp('/rinex');
    expect(await screen.findByText('No station has recorded data yet', {}, slow)).toBeInTheDocument();
    expect(await screen.findByText(/No RINEX files yet/)).toBeInTheDocument();
  });

  it('lists the files bought before, with a download while they last', async () => {
    stubRinex({
      jobs: [
        rinexJob({
          id: 'b2c3d4e5-0000-4000-8000-000000000002',
          status: 'done',
          fileName: 'a.zip',
          expiresAt: '2099-01-01T00:00:00.000Z',
        }),
        rinexJob({ status: 'done', fileName: 'b.zip', expiresAt: '2020-01-01T00:00:00.000Z', interval: 30 }),
        rinexJob({ id: 'b2c3d4e5-0000-4000-8000-000000000003', status: 'failed', error: 'failed' }),
      ],
    });
    renderApp('/rinex');
    const rows = await screen.findAllByTestId('rinex-job-row', {}, slow);
    expect(rows).toHaveLength(3);
    expect(
      within(rows[0] as HTMLElement).getByRole('link', {
        name: 'Download RINEX of EIJS00NLD, 2026-11-24 10:00–11:00 UTC',
      }),
    ).toHaveAttribute('href', '/api/rinex/b2c3d4e5-0000-4000-8000-000000000002/download');
    expect(within(rows[1] as HTMLElement).getByText('Expired')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('30 s')).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).getByTestId('rinex-job-status')).toHaveTextContent('Failed');
    expect(within(rows[2] as HTMLElement).getByText('Refunded')).toBeInTheDocument();
  });

  it("buys for an organisation on the organisation's own API", async () => {
    const { calls } = stubRinex({
      prefix: '/api/org/t1',
      extra: (url) =>
        url.pathname === '/api/org/t1'
          ? {
              body: {
                id: 't1',
                name: 'Farm',
                status: 'active',
                role: 'owner',
                memberCount: 1,
                accountCount: 0,
                tokenAmount: 480,
                createdAt: '2026-11-01T00:00:00.000Z',
              },
            }
          : undefined,
    });
    await chooseStation('/org/t1/rinex');
    expect(await screen.findByTestId('rinex-balance', {}, slow)).toHaveTextContent('480 credits');
    expect(screen.getByText('Organisation balance')).toBeInTheDocument();
    const paths = calls.map((url) => url.pathname);
    expect(paths).toContain('/api/org/t1/rinex/stations');
    expect(paths).toContain('/api/org/t1/rinex');
    expect(paths).not.toContain('/api/rinex/stations');
  });
});
