import type { RinexJob } from '@fixpoint/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { type OwnerScope, scopedPath } from '../../../session/owner-scope';
import { isJobActive } from './get-rinex-jobs';
import { rinexKeys } from './rinex-keys';

/** How often a queued or running job is asked for its progress. */
export const rinexJobPollMs = 1_000;

/** `GET /rinex/{id}`: one job, its progress and, once done, its file. */
export const getRinexJob = (scope: OwnerScope, id: string, signal?: AbortSignal) =>
  apiRequest<RinexJob>(scopedPath(scope, `/rinex/${encodeURIComponent(id)}`), { signal });

export const rinexJobQueryOptions = (scope: OwnerScope, id: string) =>
  queryOptions({
    queryKey: rinexKeys.job(scope, id),
    queryFn: ({ signal }) => getRinexJob(scope, id, signal),
    staleTime: 0,
    refetchInterval: (query) => {
      const job = query.state.data;
      return query.state.status !== 'error' && (!job || isJobActive(job)) ? rinexJobPollMs : false;
    },
  });

export const useRinexJob = (scope: OwnerScope, id: string) => useQuery(rinexJobQueryOptions(scope, id));

/**
 * `GET /rinex/{id}/download`: a plain link, like the invoices' PDFs; the session cookie goes with it and the server
 * names the file (content-disposition).
 */
export const rinexDownloadHref = (scope: OwnerScope, id: string) =>
  `/api${scopedPath(scope, `/rinex/${encodeURIComponent(id)}/download`)}`;

/** Whether a job's file can still be downloaded. */
export const isDownloadable = (job: RinexJob, now = Date.now()) =>
  job.status === 'done' && job.fileName !== null && (job.expiresAt === null || Date.parse(job.expiresAt) > now);
