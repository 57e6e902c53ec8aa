import type { Language, UserLanguage } from '@fixpoint/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** `PUT /user/language`: the language the server writes e-mails and invoices in (docs/decisions/0049). */
export const updateLanguage = (language: Language) =>
  apiRequest<UserLanguage>('/user/language', { method: 'PUT', body: { language } });

/** Saved in the background: the interface has changed already, and a failure only leaves the e-mails as they were. */
export const useUpdateLanguage = () => useMutation({ mutationFn: updateLanguage });
