import { Select, type SelectProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const versions = [
  { value: '1', label: 'NTRIP 1.0' },
  { value: '2', label: 'NTRIP 2.0' },
];

/** NTRIP 1.0 or 2.0 of an upstream caster, held by the forms as '1' or '2'. */
export function NtripVersionSelect(props: Omit<SelectProps, 'data' | 'label'>) {
  const { t } = useTranslation();
  return <Select label={t('adminNetworks.templates.ntripVersion')} data={versions} allowDeselect={false} {...props} />;
}
