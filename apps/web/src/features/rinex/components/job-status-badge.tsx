import type { RinexJob } from '@fixpoint/shared';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const statusColor: Record<RinexJob['status'], string> = {
  queued: 'gray',
  running: 'blue',
  done: 'green',
  failed: 'red',
};

/** A job's status as a small badge with a dot, in the status colours. */
export function JobStatusBadge({ status }: { status: RinexJob['status'] }) {
  const { t } = useTranslation();
  return (
    <Badge variant="dot" color={statusColor[status]} data-testid="rinex-job-status">
      {t(`rinex.status.${status}`)}
    </Badge>
  );
}
