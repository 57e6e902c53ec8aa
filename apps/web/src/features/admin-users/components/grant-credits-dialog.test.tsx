import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render';
import { GrantCreditsDialog, parseCreditAmount } from './grant-credits-dialog';

const whole = 'Whole credits only: a credit cannot be split.';

/** The dialog for Jo, with `PUT /api/admin/tokens` answering a balance of 17; the grants it sent. */
function openDialog(lng?: 'nl' | 'de') {
  const calls: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      calls.push(new URL(String(input), 'http://localhost'));
      return new Response(JSON.stringify({ balance: 17 }), { headers: { 'content-type': 'application/json' } });
    }),
  );
  const rendered = renderWithProviders(<GrantCreditsDialog user={{ id: 'u1', name: 'Jo' }} onClose={() => {}} />, {
    lng,
  });
  return { ...rendered, calls };
}

describe('parseCreditAmount', () => {
  it.each([
    ['7', { amount: 7 }],
    ['-5', { amount: -5 }],
    ['+3', { amount: 3 }],
    [' 12 ', { amount: 12 }],
    ['', {}],
    ['-', {}],
    ['1.5', { problem: 'fraction' }],
    ['1,5', { problem: 'fraction' }],
    ['15.0', { problem: 'fraction' }],
    ['.5', { problem: 'fraction' }],
    ['1e3', { problem: 'notANumber' }],
    ['ten', { problem: 'notANumber' }],
    ['0', { problem: 'zero' }],
    ['1000001', { problem: 'tooLarge' }],
  ])('%j is %j', (typed, expected) => {
    expect(parseCreditAmount(typed)).toEqual(expected);
  });
});

describe('grant credits', () => {
  it('refuses a fraction as such (1.5 is not read as 15) and grants whole credits', async () => {
    const { user, calls } = openDialog();
    const amount = await screen.findByRole('textbox', { name: /Credits/ });
    for (const typed of ['1.5', '1,5']) {
      await user.clear(amount);
      await user.type(amount, typed);
      // What was typed stays as typed: nothing is dropped on the way to a number.
      expect(amount).toHaveValue(typed);
      expect(await screen.findByText(whole)).toBeVisible();
      expect(screen.getByRole('button', { name: 'Grant credits' })).toBeDisabled();
    }

    await user.clear(amount);
    await user.type(amount, '7');
    expect(screen.queryByText(whole)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Grant credits' }));
    await waitFor(() => expect(calls.at(-1)?.searchParams.get('tokenAmount')).toBe('7'));
    expect(await screen.findByTestId('grant-result')).toHaveTextContent('The balance is now 17.');
  });

  it('says what is wrong with anything else that is not a whole number, and sends nothing', async () => {
    const { user, calls } = openDialog();
    const amount = await screen.findByRole('textbox', { name: /Credits/ });
    const cases = [
      ['1e3', 'Enter a whole number of credits, such as 10 or -10.'],
      ['0', 'Enter an amount other than 0.'],
      ['2000000', 'At most 1,000,000 credits at a time.'],
    ];
    for (const [typed, message] of cases) {
      await user.clear(amount);
      await user.type(amount, typed as string);
      expect(await screen.findByText(message as string)).toBeVisible();
      expect(screen.getByRole('button', { name: 'Grant credits' })).toBeDisabled();
    }
    expect(calls).toEqual([]);
  });

  it('takes credits away with a negative amount', async () => {
    const { user, calls } = openDialog();
    const amount = await screen.findByRole('textbox', { name: /Credits/ });
    await user.clear(amount);
    await user.type(amount, '-5');
    await user.type(screen.getByRole('textbox', { name: 'Reason' }), 'Double booking');
    await user.click(screen.getByRole('button', { name: 'Grant credits' }));
    await waitFor(() => expect(calls.at(-1)?.searchParams.get('tokenAmount')).toBe('-5'));
    expect(calls.at(-1)?.searchParams.get('reason')).toBe('Double booking');
  });

  it('says so in Dutch and German too', async () => {
    const nl = openDialog('nl');
    const amount = await screen.findByRole('textbox', { name: /Credits/ });
    await nl.user.clear(amount);
    await nl.user.type(amount, '1,5');
    expect(await screen.findByText('Alleen hele credits: een credit kan niet worden gesplitst.')).toBeVisible();
    nl.unmount();

    const de = openDialog('de');
    const field = await screen.findByRole('textbox', { name: /Credits/ });
    await de.user.clear(field);
    await de.user.type(field, '1.5');
    expect(await screen.findByText('Nur ganze Credits: Ein Credit lässt sich nicht teilen.')).toBeVisible();
  });
});
