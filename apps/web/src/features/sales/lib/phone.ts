import { salesPhonePattern } from '@fixpoint/shared';
import {
  type CountryCode,
  getCountries,
  getCountryCallingCode,
  getExampleNumber,
  parsePhoneNumberFromString,
} from 'libphonenumber-js/min';
import examples from 'libphonenumber-js/mobile/examples';

export interface PhoneCountry {
  /** ISO 3166-1 alpha-2. */
  code: CountryCode;
  /** The international dialling code without '+', e.g. '31'. */
  dialCode: string;
  /** An example mobile number in the country's national format, e.g. '06 12345678'. */
  format: string;
}

/** Spec 3: the phone input's country list, with ISO code, dial code and format. */
export const phoneCountries: PhoneCountry[] = getCountries().map((code) => ({
  code,
  dialCode: getCountryCallingCode(code),
  format: getExampleNumber(code, examples)?.formatNational() ?? '',
}));

/**
 * The number as the lead carries it: international, with the chosen country's dial code unless the person typed
 * one ('+44 20 …'); empty stays empty. What the phone library cannot read is passed on as typed, behind the dial
 * code, so the sales team still sees it.
 */
export function internationalPhone(country: CountryCode, typed: string): string {
  const text = typed.trim();
  if (!text) return '';
  const parsed = parsePhoneNumberFromString(text, country);
  const formatted = parsed?.formatInternational();
  if (formatted && salesPhonePattern.test(formatted)) return formatted;
  return text.startsWith('+') ? text : `+${getCountryCallingCode(country)} ${text}`;
}
