import type { SalesRequestInput, salesRequestCreatedSchema } from '@fixpoint/shared';
import { useMutation } from '@tanstack/react-query';
import { track } from '../../../lib/analytics';
import { apiRequest } from '../../../lib/api-client';
import { rememberSalesFormSubmitted } from '../lib/cookies';

type SalesRequestCreated = ReturnType<typeof salesRequestCreatedSchema.parse>;

/**
 * `POST /sales-requests`: the server stores the lead, then forwards it to the automation webhook in the background
 * (with retries), so a 201 means the lead is safe and a non-ok answer means nothing was stored.
 */
export const createSalesRequest = (body: SalesRequestInput) =>
  apiRequest<SalesRequestCreated>('/sales-requests', { method: 'POST', body });

/**
 * Sends the lead; once it is stored, the 'form submitted' cookie is set and the data layer hears of it, even if the
 * dialog was closed meanwhile. The event carries the screen of origin only, never the person's details.
 */
export const useCreateSalesRequest = () =>
  useMutation({
    mutationFn: createSalesRequest,
    onSuccess: (_created, body) => {
      rememberSalesFormSubmitted();
      track('salesRequestSubmitted', { submittedFrom: body.submittedFrom ?? '' });
    },
  });
