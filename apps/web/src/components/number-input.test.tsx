import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../testing/render';
import { NumberInput } from './number-input';

function Days({ min = 1, max = 30, step }: { min?: number; max?: number; step?: number }) {
  const [days, setDays] = useState<number | undefined>(5);
  return (
    <>
      <NumberInput label="Days" value={days} onChange={setDays} min={min} max={max} step={step} />
      <output>{days === undefined ? 'empty' : days}</output>
    </>
  );
}

describe('NumberInput', () => {
  it('accepts a typed integer within min and max', async () => {
    const { user } = renderWithProviders(<Days />);
    const input = screen.getByRole('textbox', { name: 'Days' });
    await user.clear(input);
    await user.type(input, '17');
    expect(input).toHaveValue('17');
    expect(screen.getByRole('status')).toHaveTextContent('17');
  });

  it('ignores typing that would leave the range, and decimals', async () => {
    const { user } = renderWithProviders(<Days />);
    const input = screen.getByRole('textbox', { name: 'Days' });
    await user.clear(input);
    await user.type(input, '25');
    await user.type(input, '0');
    expect(input).toHaveValue('25');
    await user.type(input, '.5');
    expect(input).toHaveValue('25');
    await user.clear(input);
    await user.type(input, '-3');
    expect(input).toHaveValue('3');
    expect(screen.getByRole('status')).toHaveTextContent('3');
  });

  it('steps by 1 by default and by the given step, never past the bounds', async () => {
    const first = renderWithProviders(<Days />);
    const input = screen.getByRole('textbox', { name: 'Days' });
    await first.user.click(input);
    await first.user.keyboard('{ArrowUp}{ArrowUp}');
    expect(input).toHaveValue('7');
    first.unmount();

    const second = renderWithProviders(<Days step={10} max={20} />);
    const stepped = screen.getByRole('textbox', { name: 'Days' });
    await second.user.click(stepped);
    await second.user.keyboard('{ArrowUp}');
    expect(stepped).toHaveValue('15');
    await second.user.keyboard('{ArrowUp}');
    expect(stepped).toHaveValue('20');
  });
});
