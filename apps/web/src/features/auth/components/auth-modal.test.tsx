import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, stubApi } from '../../../testing/render';

const policy = {
  minLength: 8,
  maxLength: 128,
  requireLowercase: false,
  requireUppercase: false,
  requireDigit: false,
  requireSymbol: false,
};
const health = {
  status: 'ok',
  version: '0',
  uptimeSeconds: 1,
  database: { kind: 'pglite', reachable: true, latencyMs: 1 },
};
const plainUser = { id: 'u1', name: 'Plain User', email: 'user@example.com', image: null };

function visitorApi(extra: (url: URL) => { status?: number; body?: unknown } | undefined = () => undefined) {
  return stubApi((url) => {
    if (url.pathname === '/api/health') return { body: health };
    if (url.pathname === '/api/auth/get-session') return { body: null };
    if (url.pathname === '/api/auth-config') return { body: { passwordPolicy: policy, providers: { google: false } } };
    return extra(url);
  });
}

describe('sign-up form', () => {
  it('keeps submit disabled until all four fields are filled and the terms ticked, then validates each rule', async () => {
    visitorApi();
    const { user } = renderApp('/signup');
    const dialog = within(await screen.findByRole('dialog'));
    const submit = await dialog.findByRole('button', { name: 'Sign up' });
    expect(submit).toBeDisabled();

    await user.type(dialog.getByLabelText(/E-mail/), 'not-an-email');
    await user.type(dialog.getByLabelText(/Username/), 'Ad');
    await user.type(dialog.getByLabelText(/^Password/), 'short');
    await user.type(dialog.getByLabelText(/Confirm password/), 'different');
    expect(submit).toBeDisabled();
    await user.click(dialog.getByRole('checkbox'));
    expect(submit).toBeEnabled();

    await user.click(submit);
    expect(await screen.findByText('Please enter a valid e-mail address.')).toBeInTheDocument();
    expect(screen.getByText('The username must be at least 3 characters long.')).toBeInTheDocument();
    expect(screen.getByText('The password must be at least 8 characters long.')).toBeInTheDocument();
    expect(screen.getByText('The passwords do not match.')).toBeInTheDocument();
  });

  it("words the server's refusal by its code in an error alert", async () => {
    visitorApi((url) =>
      url.pathname === '/api/auth/sign-up/email'
        ? { status: 422, body: { code: 'USER_ALREADY_EXISTS', message: 'User already exists. Use another email.' } }
        : undefined,
    );
    const { user } = renderApp('/register');
    const dialog = within(await screen.findByRole('dialog'));
    await user.type(await dialog.findByLabelText(/E-mail/), 'ada@example.com');
    await user.type(dialog.getByLabelText(/Username/), 'Ada');
    await user.type(dialog.getByLabelText(/^Password/), 'long enough');
    await user.type(dialog.getByLabelText(/Confirm password/), 'long enough');
    await user.click(dialog.getByRole('checkbox'));
    await user.click(dialog.getByRole('button', { name: 'Sign up' }));
    expect(
      await screen.findByText('There is already an account with this e-mail address. Log in, or use another address.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('User already exists. Use another email.')).not.toBeInTheDocument();
  });
});

describe('auth modal', () => {
  it("says 'Authentication object is not initialized' when its settings cannot load, and recovers on Retry", async () => {
    let isUp = false;
    stubApi((url) => {
      if (url.pathname === '/api/health') return { body: health };
      if (url.pathname === '/api/auth/get-session') return { body: null };
      if (url.pathname === '/api/auth-config') {
        return isUp
          ? { body: { passwordPolicy: policy, providers: { google: false } } }
          : { status: 503, body: { code: 'SERVICE_UNAVAILABLE', message: 'Unavailable.' } };
      }
      return undefined;
    });
    const { user } = renderApp('/login');
    const dialog = within(await screen.findByRole('dialog'));
    expect(await dialog.findByText('Authentication object is not initialized', {}, { timeout: 10_000 })).toBeVisible();
    isUp = true;
    await user.click(dialog.getByRole('button', { name: 'Retry' }));
    expect(await dialog.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
  });

  it("words a refused sign-in in the user's language", async () => {
    visitorApi((url) =>
      url.pathname === '/api/auth/sign-in/email'
        ? { status: 401, body: { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' } }
        : undefined,
    );
    const { user } = renderApp('/login', { lng: 'de' });
    const dialog = within(await screen.findByRole('dialog'));
    await user.type(await dialog.findByLabelText(/E-Mail/), 'ada@example.com');
    await user.type(dialog.getByLabelText(/Passwort/), 'long enough');
    await user.click(dialog.getByRole('button', { name: 'Anmelden' }));
    expect(
      await dialog.findByText(
        'Die E-Mail-Adresse oder das Passwort stimmt nicht. Prüfen Sie beides und versuchen Sie es erneut.',
      ),
    ).toBeInTheDocument();
  });
});

describe('sign-in form', () => {
  it('needs both fields, checks the e-mail and the password length, and switches to forgot password', async () => {
    visitorApi();
    const { user } = renderApp('/login');
    const dialog = within(await screen.findByRole('dialog'));
    const submit = await dialog.findByRole('button', { name: 'Log in' });
    expect(submit).toBeDisabled();
    await user.type(dialog.getByLabelText(/E-mail/), 'ada@');
    await user.type(dialog.getByLabelText(/Password/), 'short');
    expect(submit).toBeEnabled();
    await user.click(submit);
    expect(await dialog.findByText('Please enter a valid e-mail address.')).toBeInTheDocument();
    expect(dialog.getByText('The password must be at least 8 characters long.')).toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'Forgot password?' }));
    const email = await dialog.findByLabelText(/E-mail/);
    await user.clear(email);
    await user.click(dialog.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Please enter your e-mail address.')).toBeInTheDocument();
  });
});

describe('route trees', () => {
  it('sends a visitor on an admin route to sign in, with that route to return to', async () => {
    visitorApi();
    const { router } = renderApp('/admin/users');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?returnTo=/admin/users');
  });

  it('shows Restricted Access to a signed-in user who is not an admin', async () => {
    stubApi((url) => {
      if (url.pathname === '/api/health') return { body: health };
      if (url.pathname === '/api/auth/get-session') return { body: { user: plainUser, session: {} } };
      if (url.pathname === '/api/user')
        return {
          body: {
            id: 'u1',
            username: 'Plain User',
            email: 'user@example.com',
            photoURL: null,
            teams: [],
            isAdmin: false,
          },
        };
      return undefined;
    });
    renderApp('/admin/users');
    expect(await screen.findByText('Restricted Access')).toBeInTheDocument();
    expect(screen.getByText('You do not have the permissions to view this page.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/dashboard');
  });

  it('shows the fallback when the admin flag cannot be loaded', async () => {
    stubApi((url) => {
      if (url.pathname === '/api/health') return { body: health };
      if (url.pathname === '/api/auth/get-session') return { body: { user: plainUser, session: {} } };
      if (url.pathname === '/api/user') return { status: 500, body: { code: 'INTERNAL', message: 'boom' } };
      return undefined;
    });
    renderApp('/admin/users');
    expect(await screen.findByText('Could not check your permissions')).toBeInTheDocument();
  });
});
