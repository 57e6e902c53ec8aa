import type { OrganizationCreated } from '@fixpoint/shared';
import { apiRequest } from '../../../lib/api-client';

/** Spec 7: `POST /organization {name}`: the success flag and the organisation's address in the portal. */
export const createOrganization = (name: string) =>
  apiRequest<OrganizationCreated>('/organization', { method: 'POST', body: { name } });
