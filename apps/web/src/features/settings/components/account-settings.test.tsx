import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubUser } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render';

describe('account settings', () => {
  it('saves the display name and reports a refused password change', async () => {
    const calls = stubUser({}, (url) => {
      if (url.pathname === '/api/auth/update-user') return { body: { status: true } };
      if (url.pathname === '/api/auth/change-password')
        return { status: 400, body: { code: 'INVALID_PASSWORD', message: 'Invalid password' } };
      return undefined;
    });
    const { user } = renderApp('/settings');
    const profile = within(
      (await screen.findByRole('heading', { level: 2, name: 'Profile' }, { timeout: 10_000 })).closest(
        'form',
      ) as HTMLElement,
    );
    const name = profile.getByLabelText('Username');
    await user.clear(name);
    expect(profile.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.type(name, 'Ada King');
    await user.click(profile.getByRole('button', { name: 'Save' }));
    expect(await profile.findByText('Saved.')).toBeInTheDocument();
    expect(calls.some((url) => url.pathname === '/api/auth/update-user')).toBe(true);

    // E-mail, password and deleting the account are the settings' Security section.
    await user.click(screen.getByRole('tab', { name: 'Security' }));
    const password = within((await screen.findByRole('heading', { name: 'Password' })).closest('form') as HTMLElement);
    const submit = password.getByRole('button', { name: 'Change password' });
    expect(submit).toBeDisabled();
    await user.type(password.getByLabelText('Current password'), 'old password');
    await user.type(password.getByLabelText('New password'), 'new password');
    await user.click(submit);
    // The refusal's code in words, not better-auth's own "Invalid password".
    await waitFor(() => expect(password.getByText('The current password is not right.')).toBeInTheDocument());
  });

  it("says 'User is not logged in' when the session ended before a change to the account", async () => {
    stubUser({}, (url) =>
      url.pathname === '/api/auth/change-email'
        ? { status: 401, body: { code: 'UNAUTHORIZED', message: 'You need to sign in.' } }
        : undefined,
    );
    const { user } = renderApp('/settings/security');
    const email = within(
      (await screen.findByRole('heading', { name: 'E-mail' }, { timeout: 10_000 })).closest('form') as HTMLElement,
    );
    const input = email.getByLabelText('E-mail');
    await user.clear(input);
    await user.type(input, 'new@example.com');
    await user.click(email.getByRole('button', { name: 'Change e-mail' }));
    expect(await email.findByText('User is not logged in')).toBeInTheDocument();
  });
});
