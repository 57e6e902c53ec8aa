import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { stubUser } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render';

type Answer = { status?: number; body?: unknown };

/** A signed-in user whose `POST /api/organization` answers `answer`; records what was sent. */
function stubCreation(answer: Answer) {
  const sent: unknown[] = [];
  const calls = stubUser({}, (url, init) => {
    if (url.pathname === '/api/organization' && init?.method === 'POST') {
      sent.push(JSON.parse(String(init.body)));
      return answer;
    }
    return undefined;
  });
  return { sent, calls };
}

/** Opens the form from the dashboard's Organisations card and submits `name`. */
async function submitName(name: string, answer: Answer) {
  const stub = stubCreation(answer);
  const app = renderApp('/dashboard');
  const card = within(await screen.findByRole('group', { name: 'Organisations' }));
  await app.user.click(card.getByRole('link', { name: 'Create organisation' }));
  const form = within(await screen.findByRole('dialog', { name: 'Create an organisation' }));
  const input = form.getByRole('textbox', { name: 'Organisation name' });
  expect(input).toHaveAttribute('maxlength', '32');
  await app.user.type(input, name);
  await app.user.click(form.getByRole('button', { name: 'Create' }));
  return { ...app, ...stub };
}

afterEach(() => {
  window.dataLayer = undefined;
});

describe('organisation creation', () => {
  it.each([
    ['CanNotBeEmpty', 400, '   ', 'The organization name can not be empty.'],
    [
      'MinimumCharactersNotMet',
      400,
      'a!',
      'The organization name has to be at least 3 characters long. Excluding special characters.',
    ],
    ['AlreadyTaken', 409, 'Farm', 'This name is already taken.'],
    [
      'MaximumOrganizationCreated',
      409,
      'Fleet 9',
      'You have reached the maximum amount of organizations you can create.',
    ],
  ])('shows %s with its spec text, and Try Again reopens the form with the name', async (code, status, name, text) => {
    const { user, sent } = await submitName(name, { status, body: { code, message: 'server words' } });
    const failed = within(await screen.findByRole('dialog', { name: 'Organisation Creation Failed' }));
    expect(failed.getByText(text)).toBeInTheDocument();
    expect(failed.queryByText('server words')).toBeNull();
    expect(sent).toEqual([{ name }]);
    await user.click(failed.getByRole('button', { name: 'Try Again' }));
    const form = within(await screen.findByRole('dialog', { name: 'Create an organisation' }));
    expect(form.getByRole('textbox', { name: 'Organisation name' })).toHaveValue(name);
    expect(screen.queryByRole('dialog', { name: 'Organisation Creation Failed' })).toBeNull();
  });

  it("shows another 400's server message as a warning, with Close and Try Again", async () => {
    const { user } = await submitName('Fleet', {
      status: 400,
      body: { code: 'VALIDATION_FAILED', message: 'At most 32 characters.' },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Organisation Creation Failed' });
    const failed = within(dialog);
    expect(failed.getByText('At most 32 characters.')).toBeInTheDocument();
    expect(dialog.querySelector('[data-tone]')).toHaveAttribute('data-tone', 'warning');
    expect(failed.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
    // The dialog's own Close button (the header's × is labelled Close too).
    await user.click(failed.getByText('Close'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Organisation Creation Failed' })).toBeNull());
  });

  it('shows the generic text for any other failure', async () => {
    await submitName('Fleet', { status: 500, body: { code: 'INTERNAL', message: 'Internal error' } });
    const dialog = await screen.findByRole('dialog', { name: 'Organisation Creation Failed' });
    expect(within(dialog).getByText('An error occurred while creating organisation.')).toBeInTheDocument();
    expect(dialog.querySelector('[data-tone]')).toHaveAttribute('data-tone', 'error');
  });

  it('on success tracks organizationCreated, refetches the user and visits the organisation', async () => {
    const { user, calls, router } = await submitName('North Fleet', {
      status: 201,
      body: { success: true, value: '/org/o9', organization: { id: 'o9', name: 'North Fleet', status: 'active' } },
    });
    const created = within(await screen.findByRole('dialog', { name: 'Organisation Created' }));
    expect(created.getByText('The organisation North Fleet has been created.')).toBeInTheDocument();
    expect(created.queryByText(/waiting for approval/)).toBeNull();
    expect(window.dataLayer).toContainEqual({ event: 'organizationCreated', name: 'North Fleet' });
    await waitFor(() => expect(calls.filter((url) => url.pathname === '/api/user').length).toBeGreaterThan(1));

    const visited: string[] = [];
    router.subscribe((state) => visited.push(state.location.pathname));
    await user.click(created.getByRole('button', { name: 'Visit Organisation' }));
    await waitFor(() => expect(visited).toContain('/org/o9'));
  });

  it('says a pending organisation waits for approval and the beta is not guaranteed', async () => {
    await submitName('North Fleet', {
      status: 201,
      body: { success: true, value: '/org/o9', organization: { id: 'o9', name: 'North Fleet', status: 'pending' } },
    });
    const created = within(await screen.findByRole('dialog', { name: 'Organisation Created' }));
    expect(
      created.getByText('It is waiting for approval: access to the beta is not guaranteed, and we will contact you.'),
    ).toBeInTheDocument();
  });

  it('opens from the side navigation too', async () => {
    stubUser();
    const { user } = renderApp('/dashboard');
    const menu = within(await screen.findByRole('navigation', { name: 'Side menu' }));
    const entry = await menu.findByRole('link', { name: 'Create organisation' });
    expect(entry).toHaveAttribute('href', '/dashboard?create=organisation');
    await user.click(entry);
    expect(await screen.findByRole('dialog', { name: 'Create an organisation' })).toBeInTheDocument();
  });
});
