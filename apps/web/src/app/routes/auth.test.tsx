import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { health, sessionUser, userOverview } from '../../testing/fixtures';
import { renderApp, stubApi } from '../../testing/render';
// Loaded up front: these routes are lazy, and their first load on a busy machine outlasts findBy's wait.
import './marketplace';
import './subscriptions';
import '../../features/auth/components/auth-modal';

const policy = {
  minLength: 8,
  maxLength: 128,
  requireLowercase: false,
  requireUppercase: false,
  requireDigit: false,
  requireSymbol: false,
};

/** The API of a visitor who can sign in (any address and password) and out again. */
function stubAuthApi({ isSignedIn = false } = {}) {
  const state = { isSignedIn };
  stubApi((url) => {
    if (url.pathname === '/api/health') return { body: health };
    if (url.pathname === '/api/auth/get-session')
      return { body: state.isSignedIn ? { user: sessionUser, session: {} } : null };
    if (url.pathname === '/api/auth-config') return { body: { passwordPolicy: policy, providers: { google: false } } };
    if (url.pathname === '/api/auth/sign-in/email') {
      state.isSignedIn = true;
      return { body: { user: sessionUser } };
    }
    if (url.pathname === '/api/auth/sign-out') {
      state.isSignedIn = false;
      return { body: { success: true } };
    }
    if (url.pathname === '/api/user') return { body: userOverview };
    if (url.pathname === '/api/networks') return { body: [] };
    if (url.pathname === '/api/networks/coverage') return { body: { stations: [] } };
    if (url.pathname === '/api/subscriptions') return { body: [] };
    return undefined;
  });
  return state;
}

const address = (router: ReturnType<typeof renderApp>['router']) =>
  `${router.state.location.pathname}${router.state.location.search}`;

async function signIn(user: ReturnType<typeof renderApp>['user']) {
  const dialog = within(await screen.findByRole('dialog', { name: 'Log in' }));
  await user.type(await dialog.findByLabelText(/E-mail/), 'ada@example.com');
  await user.type(dialog.getByLabelText(/Password/), 'long enough');
  await user.click(dialog.getByRole('button', { name: 'Log in' }));
}

const coverageHeading = () => screen.findByRole('heading', { level: 1, name: 'Network coverage', hidden: true });

describe('auth modal: where it returns to', () => {
  it('opens over the page the visitor was on, and closing it steps back to that page', async () => {
    stubAuthApi();
    const { user, router } = renderApp('/marketplace');
    await coverageHeading();
    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(address(router)).toBe('/login?returnTo=/marketplace'));
    const dialog = await screen.findByRole('dialog', { name: 'Log in' });
    // The page under the modal is the marketplace, not the dashboard.
    expect(await coverageHeading()).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'RTK corrections for every rover', hidden: true })).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(address(router)).toBe('/marketplace'));
    // A step back in history: Back from here does not reopen the modal.
    expect(router.state.historyAction).toBe('POP');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('switches between sign-in and sign-up in the address, keeping the return path, and signs in back to the page', async () => {
    const api = stubAuthApi();
    const { user, router } = renderApp('/marketplace');
    await coverageHeading();
    const promo = within(await screen.findByRole('complementary', { name: 'Centimetre corrections, minutes away' }));
    await user.click(promo.getByRole('button', { name: 'Sign up' }));
    await waitFor(() => expect(address(router)).toBe('/signup?returnTo=/marketplace'));
    const signUp = within(await screen.findByRole('dialog', { name: 'Create your account' }));

    await user.click(await signUp.findByRole('button', { name: 'Already have an account? Log in' }));
    await waitFor(() => expect(address(router)).toBe('/login?returnTo=/marketplace'));
    expect(router.state.historyAction).toBe('REPLACE');
    const signInDialog = within(await screen.findByRole('dialog', { name: 'Log in' }));
    await user.click(await signInDialog.findByRole('button', { name: 'No account yet? Sign up' }));
    await waitFor(() => expect(address(router)).toBe('/signup?returnTo=/marketplace'));
    await user.click(
      await within(await screen.findByRole('dialog', { name: 'Create your account' })).findByRole('button', {
        name: 'Already have an account? Log in',
      }),
    );
    await waitFor(() => expect(address(router)).toBe('/login?returnTo=/marketplace'));

    await signIn(user);
    await waitFor(() => expect(address(router)).toBe('/marketplace'));
    expect(router.state.historyAction).toBe('POP');
    expect(api.isSignedIn).toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(screen.getByRole('banner')).queryByRole('button', { name: 'Log in' })).toBeNull();
  });

  it('sends a visitor on a signed-in page to sign in over the dashboard, and closing leads to the dashboard', async () => {
    stubAuthApi();
    const { user, router } = renderApp('/subscriptions?tab=all');
    await waitFor(() => expect(address(router)).toBe('/login?returnTo=/subscriptions%3Ftab%3Dall'));
    const dialog = await screen.findByRole('dialog', { name: 'Log in' });
    expect(
      await screen.findByRole('heading', { name: 'RTK corrections for every rover', hidden: true }),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(address(router)).toBe('/dashboard'));
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('signs a visitor who opened a signed-in page in to that page', async () => {
    stubAuthApi();
    const { user, router } = renderApp('/subscriptions');
    await waitFor(() => expect(address(router)).toBe('/login?returnTo=/subscriptions'));
    await signIn(user);
    await waitFor(() => expect(address(router)).toBe('/subscriptions'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Subscriptions' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('sends a visitor on an admin page to sign in with that page to return to', async () => {
    stubAuthApi();
    const { router } = renderApp('/admin/users');
    await waitFor(() => expect(address(router)).toBe('/login?returnTo=/admin/users'));
  });

  it('sends a signed-in user straight to the return path', async () => {
    stubAuthApi({ isSignedIn: true });
    const { router } = renderApp('/login?returnTo=/subscriptions');
    await waitFor(() => expect(address(router)).toBe('/subscriptions'));
  });

  it.each(['https://evil.example', '//evil.example', '/\\evil.example'])(
    'ignores a return path to another site (%s): signing in leads to the dashboard',
    async (returnTo) => {
      stubAuthApi();
      const { user, router } = renderApp(`/login?returnTo=${encodeURIComponent(returnTo)}`);
      await signIn(user);
      await waitFor(() => expect(address(router)).toBe('/dashboard'));
    },
  );

  it('ignores a return path to another site when closing too', async () => {
    stubAuthApi();
    const { user, router } = renderApp('/signup?returnTo=//evil.example/marketplace');
    const dialog = await screen.findByRole('dialog', { name: 'Create your account' });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(address(router)).toBe('/dashboard'));
  });

  it('logs out from a signed-in page to the dashboard, not to the sign-in modal', async () => {
    stubAuthApi({ isSignedIn: true });
    const { user, router } = renderApp('/subscriptions');
    expect(await screen.findByRole('heading', { level: 1, name: 'Subscriptions' })).toBeInTheDocument();
    await user.click(await within(screen.getByRole('banner')).findByRole('button', { name: 'Account' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    await waitFor(() => expect(address(router)).toBe('/dashboard'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
