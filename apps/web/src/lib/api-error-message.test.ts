import { type Language, validationRules } from '@fixpoint/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../testing/render';
import { ApiError, apiRequest, NetworkError } from './api-client';
import { apiErrorMessage, apiFieldErrors } from './api-error-message';

const browserWords = /Failed to fetch|NetworkError when attempting|Load failed/;

/** fetch as each browser fails it when no answer comes. */
const browserFailures = ['Failed to fetch', 'NetworkError when attempting to fetch resource.', 'Load failed'];

const networkSentence: Record<Language, string> = {
  en: 'The server could not be reached. Check your connection and try again.',
  nl: 'De server is niet bereikbaar. Controleer je verbinding en probeer het opnieuw.',
  de: 'Der Server ist nicht erreichbar. Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
};

const failingFetch = (message: string) =>
  vi.fn(async () => {
    throw new TypeError(message);
  });

afterEach(() => vi.unstubAllGlobals());

describe('a call that gets no answer', () => {
  it.each(['en', 'nl', 'de'] as const)('reads as a sentence in %s, never as the browser’s words', async (lng) => {
    const i18n = initTestI18n(lng);
    await i18n.changeLanguage(lng);
    for (const browserMessage of browserFailures) {
      vi.stubGlobal('fetch', failingFetch(browserMessage));
      const error = await apiRequest('/accounts').catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(NetworkError);
      // Shown as it is (a form showing `error.message`) or through apiErrorMessage: the same sentence.
      expect((error as Error).message).toBe(networkSentence[lng]);
      expect(apiErrorMessage(error, i18n.t)).toBe(networkSentence[lng]);
      expect(apiErrorMessage(error, i18n.t)).not.toMatch(browserWords);
    }
  });

  it('says it in the language shown now, even when the language changed after the failure', async () => {
    const i18n = initTestI18n('en');
    vi.stubGlobal('fetch', failingFetch('Failed to fetch'));
    const error = await apiRequest('/accounts').catch((caught: unknown) => caught);
    await i18n.changeLanguage('de');
    expect(apiErrorMessage(error, i18n.t)).toBe(networkSentence.de);
  });

  it('leaves a cancelled call a cancellation, not a network failure', async () => {
    const controller = new AbortController();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        controller.abort();
        throw new DOMException('The operation was aborted.', 'AbortError');
      }),
    );
    const error = await apiRequest('/accounts', { signal: controller.signal }).catch((caught: unknown) => caught);
    expect(error).not.toBeInstanceOf(NetworkError);
    expect((error as Error).name).toBe('AbortError');
  });
});

describe('a refused field', () => {
  const tooShort = new ApiError(400, 'PASSWORD_POLICY', 'The password must be at least 8 characters long.', 'r1', [
    { path: 'body.password', message: 'must be at least 8 characters long', rule: 'minLength', params: { count: 8 } },
  ]);
  const shortName = new ApiError(
    400,
    'VALIDATION_FAILED',
    'Invalid body.name: must be at least 3 characters long.',
    'r2',
    [
      { path: 'body.name', message: 'must be at least 3 characters long', rule: 'minLength', params: { count: 3 } },
      { path: 'body.retentionDays', message: 'must be a whole number', rule: 'integer' },
    ],
  );

  it('says the broken rule in words, in the user’s language', () => {
    expect(apiErrorMessage(tooShort, initTestI18n('en').t)).toBe('Password must be at least 8 characters long.');
    expect(apiErrorMessage(tooShort, initTestI18n('nl').t)).toBe('Wachtwoord moet minstens 8 tekens lang zijn.');
    expect(apiErrorMessage(tooShort, initTestI18n('de').t)).toBe('Passwort muss mindestens 8 Zeichen lang sein.');
    expect(apiErrorMessage(shortName, initTestI18n('en').t)).toBe(
      'Some of what you entered was not accepted: Name must be at least 3 characters long.',
    );
    expect(apiErrorMessage(shortName, initTestI18n('de').t)).toBe(
      'Nicht alle Eingaben wurden angenommen: Name muss mindestens 3 Zeichen lang sein.',
    );
  });

  it('gives a form each field’s rule in words, and keeps a sentence the server wrote for the field', () => {
    expect(apiFieldErrors(shortName, initTestI18n('nl').t)).toEqual({
      name: 'Moet minstens 3 tekens lang zijn.',
      retentionDays: 'Moet een geheel getal zijn.',
    });
    const written = new ApiError(400, 'VALIDATION_FAILED', 'Invalid body.name: Give the account a name.', 'r3', [
      { path: 'body.name', message: 'Give the account a name.' },
    ]);
    expect(apiFieldErrors(written, initTestI18n('en').t)).toEqual({ name: 'Give the account a name.' });
    expect(apiErrorMessage(written, initTestI18n('en').t)).toBe(
      'Some of what you entered was not accepted: Give the account a name.',
    );
  });

  it('shows a name refused for a control or invisible character under its field, in the user language', () => {
    const refused = new ApiError(
      400,
      'VALIDATION_FAILED',
      'Invalid body.name: must not contain control or invisible formatting characters.',
      'r4',
      [
        {
          path: 'body.name',
          message: 'must not contain control or invisible formatting characters',
          rule: 'controlCharacters',
        },
      ],
    );
    expect(apiFieldErrors(refused, initTestI18n('en').t)).toEqual({
      name: 'Must not contain control characters or invisible formatting characters.',
    });
    expect(apiFieldErrors(refused, initTestI18n('nl').t)).toEqual({
      name: 'Mag geen stuurtekens of onzichtbare opmaaktekens bevatten.',
    });
    // The forms that show one alert (sign-up, the account dialog) say the same sentence there.
    expect(apiErrorMessage(refused, initTestI18n('de').t)).toContain(
      'Name darf keine Steuerzeichen oder unsichtbaren Formatierungszeichen enthalten.',
    );
  });

  it.each(['en', 'nl', 'de'] as const)('has words in %s for every rule the server can name', (lng) => {
    const { t } = initTestI18n(lng);
    const params = { count: 2, limit: 5, expected: 'number', keys: 'colour' };
    for (const rule of validationRules) {
      const error = new ApiError(400, 'SOMETHING', 'x', 'r', [{ path: 'body.fieldName', message: 'x', rule, params }]);
      const text = apiErrorMessage(error, t);
      expect(text, rule).not.toMatch(/errors\.|validation\.|\{\{|undefined/);
      // No key in camelCase (`minLength`, `fieldName`) reaches the user: the field's name is words too.
      expect(text, rule).not.toMatch(/[a-z][A-Z]/);
      expect(text, rule).toMatch(/^Field name \S.*\.$/);
    }
  });
});
