import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubUser, stubVisitor } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render';

describe('admin account management and documents', () => {
  it('saves the NTRIP account defaults and limits, and who may create organisations', async () => {
    const sent: unknown[] = [];
    stubUser({ overview: { isAdmin: true } }, (url, init) => {
      if (url.pathname !== '/api/admin/account-settings') return undefined;
      if (init?.method === 'PUT') {
        sent.push(JSON.parse(String(init.body)));
        return { body: { ...(sent.at(-1) as object), usernamePrefix: 'fx' } };
      }
      return {
        body: {
          defaultMaxConnections: 1,
          maxAccountsPerOwner: 500,
          reminderDays: 3,
          organizationAccess: 'open',
          usernamePrefix: 'fx',
        },
      };
    });
    const { user } = renderApp('/admin/settings/account-management');
    const connections = await screen.findByRole('textbox', { name: 'Connections per new account' });
    expect(screen.getByText('fx-')).toBeInTheDocument();
    await user.clear(connections);
    await user.type(connections, '4');
    const days = screen.getByRole('textbox', { name: 'Reminder days' });
    await user.clear(days);
    await user.type(days, '7');
    const access = screen.getByRole('combobox', { name: 'Organisations' });
    expect(access).toHaveValue('Open to everyone');
    await user.click(access);
    await user.click(await screen.findByRole('option', { name: 'By approval' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      defaultMaxConnections: 4,
      maxAccountsPerOwner: 500,
      reminderDays: 7,
      organizationAccess: 'approval',
    });
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
  });

  it('publishes a new version of the terms and lists the versions with the current one marked', async () => {
    const sent: unknown[] = [];
    const published = [
      {
        id: 'd2',
        kind: 'terms',
        version: 2,
        title: 'Terms v2',
        body: 'x',
        url: null,
        publishedAt: '2026-11-20T10:00:00.000Z',
      },
      {
        id: 'd1',
        kind: 'terms',
        version: 1,
        title: 'Terms v1',
        body: 'x',
        url: null,
        publishedAt: '2026-10-01T10:00:00.000Z',
      },
    ];
    stubUser({ overview: { isAdmin: true } }, (url, init) => {
      if (url.pathname !== '/api/admin/documents') return undefined;
      if (init?.method === 'POST') {
        sent.push(JSON.parse(String(init.body)));
        return { status: 201, body: published[0] };
      }
      return { body: published };
    });
    const { user } = renderApp('/admin/settings/documents');
    const rows = await screen.findAllByTestId('document-row');
    expect(within(rows[0] as HTMLElement).getByText('Current')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).queryByText('Current')).toBeNull();
    const publish = screen.getByRole('button', { name: 'Publish' });
    expect(publish).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: /^Title/ }), 'Terms of service');
    await user.type(screen.getByRole('textbox', { name: /Or a link/ }), 'http://example.com');
    expect(screen.getByText('Give an https:// address.')).toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: /Or a link/ }));
    await user.type(screen.getByRole('textbox', { name: /^Text/ }), 'Be kind to the caster.');
    await user.click(publish);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ kind: 'terms', title: 'Terms of service', body: 'Be kind to the caster.', url: null });
  });

  it('links the published terms from the footer to their page, which shows their text (decision 0074)', async () => {
    stubVisitor((url) =>
      url.pathname === '/api/documents'
        ? {
            body: {
              terms: {
                id: 'd2',
                kind: 'terms',
                version: 2,
                title: 'Terms of service',
                body: 'Rule one.\nRule two.',
                url: null,
                publishedAt: '2026-11-20T10:00:00.000Z',
              },
              privacy: null,
            },
          }
        : undefined,
    );
    const { user, router } = renderApp('/dashboard');
    const footerLink = await within(screen.getByRole('contentinfo')).findByRole('link', {
      name: 'Terms and conditions',
    });
    expect(footerLink).toHaveAttribute('href', '/legal/terms');
    await user.click(footerLink);
    expect(router.state.location.pathname).toBe('/legal/terms');
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms of service' })).toBeInTheDocument();
    expect(screen.getByText('Version 2, published November 20, 2026')).toBeInTheDocument();
    expect(screen.getByTestId('legal-text')).toHaveTextContent('Rule one. Rule two.');
    expect(document.title).toBe('Fixpoint | Terms and conditions');
  });

  it('says so on the privacy page while no version is published, and links one published elsewhere', async () => {
    stubVisitor((url) =>
      url.pathname === '/api/documents'
        ? {
            body: {
              terms: {
                id: 'd3',
                kind: 'terms',
                version: 1,
                title: 'Terms',
                body: '',
                url: 'https://legal.example.org/terms',
                publishedAt: '2026-11-20T10:00:00.000Z',
              },
              privacy: null,
            },
          }
        : undefined,
    );
    renderApp('/legal/privacy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy policy' })).toBeInTheDocument();
    expect(await screen.findByText('No version has been published yet.')).toBeInTheDocument();
    // The footer's terms link goes straight to where that version was published.
    const footerLink = await within(screen.getByRole('contentinfo')).findByRole('link', {
      name: 'Terms and conditions',
    });
    await waitFor(() => expect(footerLink).toHaveAttribute('href', 'https://legal.example.org/terms'));
    expect(footerLink).toHaveAttribute('target', '_blank');
  });
});
