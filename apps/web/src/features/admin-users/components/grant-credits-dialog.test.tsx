import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render';
import { GrantCreditsDialog } from './grant-credits-dialog';

describe('grant credits', () => {
  it('refuses a fraction as such (1.5 is not read as 15) and grants whole credits', async () => {
    const calls: URL[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        calls.push(new URL(String(input), 'http://localhost'));
        return new Response(JSON.stringify({ balance: 17 }), { headers: { 'content-type': 'application/json' } });
      }),
    );
    const { user } = renderWithProviders(<GrantCreditsDialog user={{ id: 'u1', name: 'Jo' }} onClose={() => {}} />);
    const amount = await screen.findByRole('textbox', { name: 'Credits' });
    await user.clear(amount);
    await user.type(amount, '1.5');
    expect(amount).toHaveValue('1.5');
    expect(await screen.findByText('Whole credits only: a credit cannot be split.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Grant credits' })).toBeDisabled();

    await user.clear(amount);
    await user.type(amount, '7');
    expect(screen.queryByText('Whole credits only: a credit cannot be split.')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Grant credits' }));
    await waitFor(() => expect(calls.at(-1)?.searchParams.get('tokenAmount')).toBe('7'));
  });
});
