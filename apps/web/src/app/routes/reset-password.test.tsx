import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import de from '../../../public/locales/de/translation.json';
import { stubVisitor } from '../../testing/fixtures';
import { renderApp } from '../../testing/render';

const policy = {
  minLength: 8,
  maxLength: 128,
  requireLowercase: false,
  requireUppercase: false,
  requireDigit: false,
  requireSymbol: false,
};

describe('choosing a new password', () => {
  it("says the server's refusal as words in the user's language, never as a rule key", async () => {
    stubVisitor((url) => {
      if (url.pathname === '/api/auth-config')
        return { body: { passwordPolicy: policy, providers: { google: false } } };
      // The server's policy is stricter than the one the form was given (it changed in between).
      if (url.pathname === '/api/auth/reset-password') {
        return {
          status: 400,
          body: {
            code: 'PASSWORD_POLICY',
            message: 'The password must contain a digit.',
            requestId: 'req-1',
            details: [{ path: 'body.newPassword', message: 'must contain a digit', rule: 'digit' }],
          },
        };
      }
      return undefined;
    });
    const { user } = renderApp('/reset-password?token=abc', { lng: 'de' });
    await user.type(await screen.findByLabelText(de.auth.newPassword, {}, { timeout: 10_000 }), 'longenough');
    await user.type(screen.getByLabelText(de.auth.confirmPassword), 'longenough');
    await user.click(screen.getByRole('button', { name: de.auth.setPassword }));
    expect(await screen.findByText('Neues Passwort muss eine Ziffer enthalten.')).toBeInTheDocument();
    expect(screen.queryByText(/digit|requirements/)).not.toBeInTheDocument();
  });
});
