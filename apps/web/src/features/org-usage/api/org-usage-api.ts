import type { OrgUsage } from '@fixpoint/shared';
import { queryOptions } from '@tanstack/react-query';
import { orgMemberKeys } from '../../../api/org-members-api';
import { apiRequest } from '../../../lib/api-client';

/** Inclusive calendar days, `YYYY-MM-DD`. */
export interface UsageRange {
  from: string;
  to: string;
}

export const usageKeys = {
  range: (orgId: string, range: UsageRange) => [...orgMemberKeys.org(orgId), 'usage', range.from, range.to] as const,
};

const usagePath = (orgId: string) => `/org/${encodeURIComponent(orgId)}/usage`;

/** `GET /org/{id}/usage?from&to` (admins and owners): per member, per account and per day. */
export const orgUsageQueryOptions = (orgId: string, range: UsageRange) =>
  queryOptions({
    queryKey: usageKeys.range(orgId, range),
    queryFn: ({ signal }) => apiRequest<OrgUsage>(usagePath(orgId), { signal, query: { ...range } }),
  });

/** The same range as CSV, for `downloadCsv`. */
export const usageCsvPath = (orgId: string, range: UsageRange) =>
  `${usagePath(orgId)}.csv?${new URLSearchParams({ from: range.from, to: range.to })}`;
