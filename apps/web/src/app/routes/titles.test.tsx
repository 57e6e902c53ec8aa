import { pageMetaElementId } from '@fixpoint/shared';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { stubUser, stubVisitor } from '../../testing/fixtures';
import { renderApp } from '../../testing/render';

const description = () => document.querySelector('meta[name="description"]')?.getAttribute('content');

describe('page titles (decision 0074)', () => {
  afterEach(() => document.getElementById(pageMetaElementId)?.remove());

  it.each([
    ['/login', 'Fixpoint | Log in'],
    ['/signup', 'Fixpoint | Sign up'],
    ['/register', 'Fixpoint | Sign up'],
  ])('names the auth modal, not the page under it, at %s', async (path, title) => {
    stubVisitor();
    renderApp(path);
    await screen.findByRole('dialog');
    // The dashboard under the modal has rendered and set its title by now; the modal's stays.
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(document.title).toBe(title));
  });

  it('names the restricted-access page', async () => {
    stubUser();
    renderApp('/admin/users');
    await screen.findByText('You do not have the permissions to view this page.');
    await waitFor(() => expect(document.title).toBe('Fixpoint | Restricted Access'));
  });

  it("names each settings tab, with the settings page's icon and description", async () => {
    stubUser();
    const { user } = renderApp('/settings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
    expect(screen.getByText('Your name, your picture and the language of the portal.')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Fixpoint | Profile'));
    await user.click(screen.getByRole('tab', { name: 'Security' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Security' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Fixpoint | Security'));
  });

  it('takes the title and description an admin set for the page, as the server wrote them into it', async () => {
    const element = document.createElement('script');
    element.type = 'application/json';
    element.id = pageMetaElementId;
    element.textContent = JSON.stringify({ marketplace: { title: 'Find your network', description: 'Every base.' } });
    document.head.append(element);
    stubVisitor();
    const { router } = renderApp('/marketplace');
    await waitFor(() => expect(document.title).toBe('Fixpoint | Find your network'));
    expect(description()).toBe('Every base.');
    // A page without metadata of its own has its built-in title and the default description.
    await router.navigate('/status');
    await waitFor(() => expect(document.title).not.toBe('Fixpoint | Find your network'));
    expect(document.title).toMatch(/^Fixpoint \| /);
    expect(description()).toMatch(/^A GNSS correction platform/);
  });
});
