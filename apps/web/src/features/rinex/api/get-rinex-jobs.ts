import type { RinexJob, rinexJobListSchema } from '@fixpoint/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { type OwnerScope, scopedPath } from '../../../session/owner-scope';
import { rinexKeys } from './rinex-keys';

type RinexJobList = ReturnType<typeof rinexJobListSchema.parse>;

/** While a file is being made the list looks again now and then, so its row changes without a reload. */
const activeListPollMs = 5_000;

export const isJobActive = (job: Pick<RinexJob, 'status'>) => job.status === 'queued' || job.status === 'running';

/** `GET /rinex`: the scope's RINEX files, newest first. */
export const getRinexJobs = async (scope: OwnerScope, signal?: AbortSignal) =>
  (await apiRequest<RinexJobList>(scopedPath(scope, '/rinex'), { signal })).jobs;

export const rinexJobsQueryOptions = (scope: OwnerScope) =>
  queryOptions({
    queryKey: rinexKeys.jobs(scope),
    queryFn: ({ signal }) => getRinexJobs(scope, signal),
    refetchInterval: (query) => (query.state.data?.some(isJobActive) ? activeListPollMs : false),
  });

export const useRinexJobs = (scope: OwnerScope) => useQuery(rinexJobsQueryOptions(scope));
