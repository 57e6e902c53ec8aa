import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-client';
import { renderWithProviders } from '../testing/render';
import { type PendingOutcome, type PendingTexts, usePendingDialog } from './pending-dialog';

/** A promise the test settles when it wants. */
function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  let reject: (error: unknown) => void = () => {};
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function Harness({
  promise,
  texts,
  onOutcome = () => {},
}: {
  promise: Promise<string>;
  texts?: PendingTexts<string>;
  onOutcome?: (outcome: PendingOutcome<string>) => void;
}) {
  const pending = usePendingDialog();
  return (
    <>
      <button type="button" onClick={() => void pending.run(promise, texts).then(onOutcome)}>
        Start
      </button>
      {pending.dialog}
    </>
  );
}

const texts = (onClose = () => {}): PendingTexts<string> => ({
  loadingText: 'Cancelling your subscription…',
  success: { title: 'Subscription cancelled', message: (value) => `Active until ${value}.`, onClose },
  failure: { title: 'Could not cancel' },
});

describe('usePendingDialog', () => {
  it("shows a busy dialog with a spinner and the caller's text while the promise is pending", async () => {
    const { promise } = deferred<string>();
    const { user } = renderWithProviders(<Harness promise={promise} texts={texts()} />);
    await user.click(screen.getByRole('button', { name: 'Start' }));
    const dialog = await screen.findByRole('dialog', { name: 'Please wait' });
    expect(dialog).toHaveAttribute('aria-busy', 'true');
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByRole('status')).toHaveTextContent('Cancelling your subscription…');
    expect(dialog.querySelector('.mantine-Loader-root')).not.toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Close without waiting' })).toBeInTheDocument();
  });

  it('then shows the success view, and its Close calls the on-close callback once', async () => {
    const { promise, resolve } = deferred<string>();
    const onClose = vi.fn();
    const onOutcome = vi.fn();
    const { user } = renderWithProviders(<Harness promise={promise} texts={texts(onClose)} onOutcome={onOutcome} />);
    await user.click(screen.getByRole('button', { name: 'Start' }));
    await screen.findByRole('dialog', { name: 'Please wait' });
    resolve('1 March');

    const dialog = await screen.findByRole('dialog', { name: 'Subscription cancelled' });
    expect(dialog).toHaveAttribute('aria-busy', 'false');
    expect(within(dialog).getByText('Active until 1 March.')).toBeInTheDocument();
    expect(onOutcome).toHaveBeenCalledWith({ isOk: true, value: '1 March', isDismissed: false });
    expect(onClose).not.toHaveBeenCalled();
    // The dialog's own button; the × beside the title is named Close too.
    const buttons = within(dialog).getAllByRole('button', { name: 'Close' });
    await user.click(buttons[buttons.length - 1] as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('calls the on-close callback when the success view is closed by Escape too', async () => {
    const onClose = vi.fn();
    const { user } = renderWithProviders(<Harness promise={Promise.resolve('today')} texts={texts(onClose)} />);
    await user.click(screen.getByRole('button', { name: 'Start' }));
    await screen.findByRole('dialog', { name: 'Subscription cancelled' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('shows the failure view with the error in words, and no success callback', async () => {
    const { promise, reject } = deferred<string>();
    const onClose = vi.fn();
    const onOutcome = vi.fn();
    const { user } = renderWithProviders(<Harness promise={promise} texts={texts(onClose)} onOutcome={onOutcome} />);
    await user.click(screen.getByRole('button', { name: 'Start' }));
    const error = new ApiError(409, 'CONFLICT', 'The subscription has already ended.');
    reject(error);

    const dialog = await screen.findByRole('dialog', { name: 'Could not cancel' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent('The subscription has already ended.');
    expect(onOutcome).toHaveBeenCalledWith({ isOk: false, error, isDismissed: false });
    const buttons = within(dialog).getAllByRole('button', { name: 'Close' });
    await user.click(buttons[buttons.length - 1] as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onClose).not.toHaveBeenCalled();
  });

  it('suppresses the result once the loading dialog is dismissed', async () => {
    const { promise, resolve } = deferred<string>();
    const onClose = vi.fn();
    const onOutcome = vi.fn();
    const { user } = renderWithProviders(<Harness promise={promise} texts={texts(onClose)} onOutcome={onOutcome} />);
    await user.click(screen.getByRole('button', { name: 'Start' }));
    const dialog = await screen.findByRole('dialog', { name: 'Please wait' });
    await user.click(within(dialog).getByRole('button', { name: 'Close without waiting' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    resolve('1 March');
    await waitFor(() => expect(onOutcome).toHaveBeenCalledWith({ isOk: true, value: '1 March', isDismissed: true }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('suppresses a failure after dismissing too', async () => {
    const { promise, reject } = deferred<string>();
    const onOutcome = vi.fn();
    const { user } = renderWithProviders(<Harness promise={promise} texts={texts()} onOutcome={onOutcome} />);
    await user.click(screen.getByRole('button', { name: 'Start' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    reject(new Error('boom'));
    await waitFor(() => expect(onOutcome).toHaveBeenCalledWith(expect.objectContaining({ isDismissed: true })));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('has translated default texts', async () => {
    const { promise, resolve } = deferred<string>();
    const { user } = renderWithProviders(<Harness promise={promise} />, { lng: 'nl' });
    await user.click(screen.getByRole('button', { name: 'Start' }));
    const dialog = await screen.findByRole('dialog', { name: 'Even geduld' });
    expect(within(dialog).getByRole('status')).toHaveTextContent('Bezig…');
    resolve('x');
    const done = await screen.findByRole('dialog', { name: 'Gelukt' });
    expect(within(done).getByText('De wijziging is doorgevoerd.')).toBeInTheDocument();
  });
});
