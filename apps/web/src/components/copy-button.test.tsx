import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../testing/render';
import { CopyButton, copyConfirmationMs } from './copy-button';

afterEach(() => vi.useRealTimers());

describe('CopyButton', () => {
  it('copies the value and confirms it for 2 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderWithProviders(<CopyButton value="s3cret-pass" label="Copy password" />);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(screen.getByRole('button', { name: 'Copy password' }));
    expect(await navigator.clipboard.readText()).toBe('s3cret-pass');
    expect(screen.getByRole('button', { name: 'Copied' })).toHaveAttribute('data-copied', 'true');
    expect(copyConfirmationMs).toBe(2000);

    act(() => vi.advanceTimersByTime(1900));
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.getByRole('button', { name: 'Copy password' })).not.toHaveAttribute('data-copied');
  });
});
