import { SALES_MESSAGE_MAX, type SalesRequestInput, salesEmailPattern, salesPhonePattern } from '@fixpoint/shared';
import type { CountryCode } from 'libphonenumber-js/min';
import { internationalPhone } from './phone';

export interface SalesFormValues {
  firstName: string;
  lastName: string;
  email: string;
  company: string;
  phoneCountry: CountryCode;
  phoneNumber: string;
  message: string;
}

/** Spec 4: the phone input starts on the Netherlands (+31). */
export const defaultPhoneCountry: CountryCode = 'NL';

export const emptySalesForm: SalesFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  company: '',
  phoneCountry: defaultPhoneCountry,
  phoneNumber: '',
  message: '',
};

/** What is wrong with a field, as a key under `sales.contact.errors` in the locale files. */
export type SalesFormError = 'firstName' | 'lastName' | 'emailRequired' | 'emailInvalid' | 'phone' | 'messageTooLong';

/**
 * Spec 5: first name, last name and e-mail must be non-empty after trimming, the e-mail text@text.text without
 * whitespace; the phone number may be empty, else digits, plus, hyphen, whitespace and parentheses only; the message
 * at most 200 characters; the company is optional. The same rules as the server's `salesRequestSchema`.
 */
export function salesFormErrors(values: SalesFormValues): Partial<Record<keyof SalesFormValues, SalesFormError>> {
  const errors: Partial<Record<keyof SalesFormValues, SalesFormError>> = {};
  if (!values.firstName.trim()) errors.firstName = 'firstName';
  if (!values.lastName.trim()) errors.lastName = 'lastName';
  const email = values.email.trim();
  if (!email) errors.email = 'emailRequired';
  else if (!salesEmailPattern.test(email)) errors.email = 'emailInvalid';
  if (!salesPhonePattern.test(values.phoneNumber)) errors.phoneNumber = 'phone';
  if (values.message.trim().length > SALES_MESSAGE_MAX) errors.message = 'messageTooLong';
  return errors;
}

export const isSalesFormValid = (values: SalesFormValues) => Object.keys(salesFormErrors(values)).length === 0;

/** The request body (spec 3): the form's fields trimmed, plus who sends it, from where and after which ad click. */
export function salesRequestBody(
  values: SalesFormValues,
  context: { loggedInEmail: string; submittedFrom: string; gclid: string },
): SalesRequestInput {
  return {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    email: values.email.trim(),
    company: values.company.trim(),
    phoneNumber: internationalPhone(values.phoneCountry, values.phoneNumber),
    message: values.message.trim(),
    ...context,
  };
}
