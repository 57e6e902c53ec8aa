import type { RinexStation } from '@fixpoint/shared';
import { type ComboboxItem, type ComboboxParsedItem, type OptionsFilter, Select, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { utcDate } from '../../../lib/rinex-time';

/** The words a station is found by: mountpoint, network and country. */
const searchText = (station: RinexStation) =>
  [station.mountpoint, station.networkName, station.countryCode ?? ''].join(' ').toLowerCase();

/**
 * A searchable select of the stations with recorded data, grouped by network; each option tells its network,
 * country and since when it has data.
 */
export function StationSelect({
  stations,
  value,
  onChange,
}: {
  stations: readonly RinexStation[];
  value: string | null;
  onChange: (id: string | null) => void;
}) {
  const { t } = useTranslation();
  const byId = useMemo(() => new Map(stations.map((station) => [station.id, station])), [stations]);

  const data = useMemo(() => {
    const groups = new Map<string, ComboboxItem[]>();
    for (const station of stations) {
      const items = groups.get(station.networkName) ?? [];
      items.push({ value: station.id, label: station.mountpoint });
      groups.set(station.networkName, items);
    }
    return [...groups].map(([group, items]) => ({ group, items }));
  }, [stations]);

  const filter: OptionsFilter = ({ options, search }) => {
    const words = search.toLowerCase().split(/\s+/).filter(Boolean);
    const matches = (item: ComboboxItem) => {
      const station = byId.get(String(item.value));
      return station ? words.every((word) => searchText(station).includes(word)) : false;
    };
    return options.flatMap((option): ComboboxParsedItem[] => {
      if (!('group' in option)) return matches(option) ? [option] : [];
      const items = option.items.filter(matches);
      return items.length > 0 ? [{ ...option, items }] : [];
    });
  };

  const details = (station: RinexStation) =>
    [
      station.networkName,
      station.countryCode,
      station.firstDataAt
        ? t('rinex.station.dataSince', { date: utcDate(Date.parse(station.firstDataAt)) })
        : t('rinex.station.noData'),
    ]
      .filter(Boolean)
      .join(' · ');

  const chosen = value ? byId.get(value) : undefined;

  return (
    <Select
      label={t('rinex.station.label')}
      placeholder={t('rinex.station.placeholder')}
      data={data}
      value={value}
      onChange={onChange}
      searchable
      filter={filter}
      allowDeselect={false}
      checkIconPosition="right"
      nothingFoundMessage={t('rinex.station.nothingFound')}
      maxDropdownHeight={320}
      comboboxProps={{ withinPortal: true }}
      description={
        chosen
          ? `${details(chosen)} · ${t('rinex.station.perHour', { count: chosen.hourlyPrice })}`
          : t('rinex.station.hint')
      }
      renderOption={({ option }) => {
        const station = byId.get(String(option.value));
        return (
          <Stack gap={0}>
            <Text size="sm" fw={500}>
              {option.label}
            </Text>
            {station && (
              <Text size="xs" c="dimmed">
                {details(station)}
              </Text>
            )}
          </Stack>
        );
      }}
    />
  );
}
