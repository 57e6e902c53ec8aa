import { brands } from '@fixpoint/shared';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubUser } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render';

describe('language switcher in settings', () => {
  it('switches the interface language, remembers it on the device and saves it on the account', async () => {
    const saved: unknown[] = [];
    stubUser({}, (url, init) => {
      if (url.pathname !== '/api/user/language' || init?.method !== 'PUT') return undefined;
      saved.push(JSON.parse(String(init.body)));
      return { body: { language: 'de' } };
    });
    const { user } = renderApp('/settings');
    await screen.findByRole('heading', { level: 1, name: 'Profile' });
    const select = screen.getByRole('combobox', { name: 'Interface language' });
    expect(select).toHaveValue('English');
    await user.click(select);
    await user.click(await screen.findByRole('option', { name: 'Deutsch' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Profil' })).toBeInTheDocument();
    expect(localStorage.getItem('i18nextLng')).toBe('de');
    await waitFor(() => expect(saved).toEqual([{ language: 'de' }]));
    await waitFor(() => expect(document.title).toBe('Fixpoint | Profil'));
    expect(document.documentElement.lang).toBe('de');
  });

  it("explains that a brand's static language cannot be changed", async () => {
    stubUser();
    renderApp('/settings', { brand: brands.akkerpunt });
    expect(await screen.findByRole('heading', { level: 1, name: 'Profiel' })).toBeInTheDocument();
    expect(screen.getByText('Akkerpunt is beschikbaar in het Nederlands.')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Taal van de interface' })).not.toBeInTheDocument();
  });
});
