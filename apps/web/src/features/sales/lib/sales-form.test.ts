import { describe, expect, it } from 'vitest';
import { internationalPhone, phoneCountries } from './phone';
import { emptySalesForm, isSalesFormValid, salesFormErrors, salesRequestBody } from './sales-form';

const filled = { ...emptySalesForm, firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' };

describe('the sales form rules (spec 5)', () => {
  it('needs first name, last name and e-mail, non-empty after trimming', () => {
    expect(salesFormErrors(emptySalesForm)).toEqual({
      firstName: 'firstName',
      lastName: 'lastName',
      email: 'emailRequired',
    });
    expect(salesFormErrors({ ...filled, firstName: '   ', lastName: '\t' })).toEqual({
      firstName: 'firstName',
      lastName: 'lastName',
    });
    expect(isSalesFormValid(filled)).toBe(true);
  });

  it('wants text, @, text, dot, text without whitespace as the e-mail', () => {
    for (const email of ['ada', 'ada@example', '@example.com', 'ada lovelace@example.com', 'ada@exa mple.com']) {
      expect(salesFormErrors({ ...filled, email }), email).toEqual({ email: 'emailInvalid' });
    }
    expect(salesFormErrors({ ...filled, email: '  ada@example.co.uk  ' })).toEqual({});
  });

  it('lets the phone number be empty, else only digits, +, -, whitespace and parentheses', () => {
    expect(salesFormErrors({ ...filled, phoneNumber: '' })).toEqual({});
    expect(salesFormErrors({ ...filled, phoneNumber: '+31 (0)6-1234 5678' })).toEqual({});
    for (const phoneNumber of ['06 1234 5678 ext. 2', '06.12345678', 'call me']) {
      expect(salesFormErrors({ ...filled, phoneNumber }), phoneNumber).toEqual({ phoneNumber: 'phone' });
    }
  });

  it('keeps the message to 200 characters and the company optional', () => {
    expect(salesFormErrors({ ...filled, message: 'x'.repeat(200) })).toEqual({});
    expect(salesFormErrors({ ...filled, message: 'x'.repeat(201) })).toEqual({ message: 'messageTooLong' });
  });

  it('sends the fields trimmed, the phone number international, with who, where from and the gclid', () => {
    const body = salesRequestBody(
      {
        ...filled,
        firstName: ' Ada ',
        email: ' ada@example.com ',
        company: ' Analytical Engines ',
        phoneNumber: '06 1234 5678',
        message: ' Hello \n',
      },
      { loggedInEmail: 'ada@example.com', submittedFrom: '/dashboard', gclid: 'abc' },
    );
    expect(body).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      company: 'Analytical Engines',
      phoneNumber: '+31 6 12345678',
      message: 'Hello',
      loggedInEmail: 'ada@example.com',
      submittedFrom: '/dashboard',
      gclid: 'abc',
    });
  });
});

describe('the phone input', () => {
  it('lists every country with its ISO code, dial code and format', () => {
    expect(phoneCountries.length).toBeGreaterThan(200);
    expect(phoneCountries.find((country) => country.code === 'NL')).toEqual({
      code: 'NL',
      dialCode: '31',
      format: '06 12345678',
    });
    expect(phoneCountries.find((country) => country.code === 'DE')?.dialCode).toBe('49');
  });

  it('makes the number international with the chosen dial code, unless one was typed', () => {
    expect(internationalPhone('NL', '')).toBe('');
    expect(internationalPhone('NL', '   ')).toBe('');
    expect(internationalPhone('NL', '(020) 123-4567')).toBe('+31 20 123 4567');
    expect(internationalPhone('DE', '030 1234567')).toBe('+49 30 1234567');
    expect(internationalPhone('NL', '+44 20 7946 0958')).toBe('+44 20 7946 0958');
    // What the library cannot read is kept as typed, behind the dial code.
    expect(internationalPhone('NL', '12')).toBe('+31 12');
  });
});
