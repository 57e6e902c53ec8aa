import { type OwnerScope, scopeKey } from '../../../session/owner-scope';

/** Query keys of RINEX on demand; the person's and each organisation's never share an entry. */
export const rinexKeys = {
  all: ['rinex'] as const,
  scope: (scope: OwnerScope) => [...rinexKeys.all, scopeKey(scope)] as const,
  stations: (scope: OwnerScope) => [...rinexKeys.scope(scope), 'stations'] as const,
  coverage: (scope: OwnerScope, stationId: string, from: string, to: string) =>
    [...rinexKeys.scope(scope), 'coverage', stationId, { from, to }] as const,
  jobs: (scope: OwnerScope) => [...rinexKeys.scope(scope), 'jobs'] as const,
  job: (scope: OwnerScope, id: string) => [...rinexKeys.jobs(scope), id] as const,
};
