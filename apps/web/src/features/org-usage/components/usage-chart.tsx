import '@mantine/charts/styles.css';
import type { OrgUsage } from '@fixpoint/shared';
import { BarChart } from '@mantine/charts';
import { useTranslation } from 'react-i18next';
import { formatHours } from './usage-format';

/** Hours connected per day, one bar a day (Mantine charts on recharts; loaded only with the usage page). */
export function UsageChart({ days }: { days: OrgUsage['days'] }) {
  const { t, i18n } = useTranslation();
  const data = days.map((day) => ({
    day: new Date(`${day.date}T00:00:00`).toLocaleDateString(i18n.language, { month: 'short', day: 'numeric' }),
    hours: Math.round(day.hours * 10) / 10,
  }));
  return (
    <BarChart
      h={260}
      data={data}
      dataKey="day"
      series={[{ name: 'hours', label: t('org.usage.hours'), color: 'blue.6' }]}
      valueFormatter={(value) => formatHours(value, i18n.language)}
      yAxisLabel={t('org.usage.hours')}
      tickLine="y"
      gridAxis="y"
      aria-label={t('org.usage.chart')}
      data-testid="usage-chart"
    />
  );
}
