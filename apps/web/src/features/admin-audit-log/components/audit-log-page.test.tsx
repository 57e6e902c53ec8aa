import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubUser } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render';

const entry = (extra: object = {}) => ({
  id: '00000000-0000-4000-8000-000000000001',
  at: '2026-11-28T09:30:00.000Z',
  actor: { id: 'admin1', email: 'chief@example.com' },
  kind: 'credits.grant',
  target: { kind: 'user', id: 'u2', label: 'fiona@example.com' },
  before: { balance: 0 },
  after: { balance: 25, amount: 25, reason: 'goodwill' },
  ...extra,
});

function stubLog(pages: Record<string, { entries: unknown[]; nextCursor: string | null }>) {
  const asked: URL[] = [];
  stubUser({ overview: { isAdmin: true } }, (url) => {
    if (url.pathname !== '/api/admin/audit-log') return undefined;
    asked.push(url);
    return { body: pages[url.searchParams.get('cursor') ?? ''] ?? { entries: [], nextCursor: null } };
  });
  return asked;
}

describe('admin audit log', () => {
  it('shows who did what to which target and what changed, and older entries on demand', async () => {
    stubLog({
      '': {
        entries: [
          entry(),
          entry({
            id: '00000000-0000-4000-8000-000000000002',
            actor: { id: null, email: 'system' },
            kind: 'payment.refund',
            target: { kind: 'payment', id: 'c1', label: 'pi_123' },
            before: { amountRefunded: 0 },
            after: { amountRefunded: 500 },
          }),
        ],
        nextCursor: 'next',
      },
      next: {
        entries: [
          entry({ id: '00000000-0000-4000-8000-000000000003', kind: 'product.delete', after: null, before: {} }),
        ],
        nextCursor: null,
      },
    });
    const { user } = renderApp('/admin/audit-log');
    expect(await screen.findByRole('heading', { name: 'Audit log' })).toBeInTheDocument();
    const rows = await screen.findAllByTestId('audit-entry');
    expect(rows).toHaveLength(2);
    const grant = within(rows[0] as HTMLElement);
    expect(grant.getByText('chief@example.com')).toBeInTheDocument();
    expect(grant.getByText('Credits granted')).toBeInTheDocument();
    expect(grant.getByText('fiona@example.com')).toBeInTheDocument();
    expect(rows[0]?.textContent).toContain('balance: 0 → 25');
    expect(within(rows[1] as HTMLElement).getByText('System')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('Payment refunded')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show older entries' }));
    await waitFor(() => expect(screen.getAllByTestId('audit-entry')).toHaveLength(3));
    expect(screen.getByText('removed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show older entries' })).toBeNull();
  });

  it('filters by actor and action and links the CSV of the same filters', async () => {
    const asked = stubLog({ '': { entries: [entry()], nextCursor: null } });
    const { user } = renderApp('/admin/audit-log');
    await screen.findAllByTestId('audit-entry');
    await user.type(screen.getByRole('textbox', { name: 'Actor' }), 'chief');
    await user.click(screen.getByRole('combobox', { name: 'Action' }));
    await user.click(await screen.findByRole('option', { name: 'Credits granted' }));
    await waitFor(() =>
      expect(
        asked.some(
          (url) => url.searchParams.get('actor') === 'chief' && url.searchParams.get('kind') === 'credits.grant',
        ),
      ).toBe(true),
    );
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      '/api/admin/audit-log.csv?actor=chief&kind=credits.grant',
    );
  });

  it("opens filtered by the address's target, as a user's page links it", async () => {
    const asked = stubLog({ '': { entries: [entry()], nextCursor: null } });
    renderApp('/admin/audit-log?target=u2');
    await screen.findAllByTestId('audit-entry');
    expect(screen.getByRole('textbox', { name: 'Target' })).toHaveValue('u2');
    expect(asked.every((url) => url.searchParams.get('target') === 'u2')).toBe(true);
  });

  it('says when nothing matches the filters', async () => {
    stubLog({});
    const { user } = renderApp('/admin/audit-log');
    expect(await screen.findByText(/Nothing recorded yet/)).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Target' }), 'nobody');
    expect(await screen.findByText('No entry matches these filters.')).toBeInTheDocument();
  });
});
