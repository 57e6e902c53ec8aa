import { Group, Select, Text, TextInput } from '@mantine/core';
import type { CountryCode } from 'libphonenumber-js/min';
import { type FocusEventHandler, type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { phoneCountries } from '../lib/phone';

/** Longer than any number with its formatting; the lead's field takes 40 with the dial code. */
const phoneMaxLength = 30;

/**
 * Spec 3 and 5: the phone input: a country list (by name in the interface's language, with its dial code) and the
 * number, shown in the country's format as a placeholder. The field is marked required, as the spec's interface
 * does, but may stay empty.
 */
export function PhoneField({
  country,
  onCountryChange,
  value,
  onChange,
  onBlur,
  error,
  disabled,
}: {
  country: CountryCode;
  onCountryChange: (country: CountryCode) => void;
  value: string;
  onChange: (value: string) => void;
  onBlur?: FocusEventHandler<HTMLInputElement>;
  error?: ReactNode;
  disabled?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const options = useMemo(() => {
    const names = new Intl.DisplayNames([i18n.language], { type: 'region' });
    return phoneCountries
      .map(({ code, dialCode }) => ({ value: code, label: `${names.of(code) ?? code} (+${dialCode})` }))
      .sort((a, b) => a.label.localeCompare(b.label, i18n.language));
  }, [i18n.language]);
  const chosen = phoneCountries.find((entry) => entry.code === country);

  return (
    <Group gap="xs" align="flex-start" wrap="wrap">
      <Select
        label={t('sales.contact.country')}
        data={options}
        value={country}
        onChange={(next) => next && onCountryChange(next as CountryCode)}
        allowDeselect={false}
        searchable
        disabled={disabled}
        autoComplete="off"
        w={{ base: '100%', xs: 220 }}
      />
      <TextInput
        label={t('sales.contact.phone')}
        withAsterisk
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        maxLength={phoneMaxLength}
        placeholder={chosen?.format}
        leftSection={
          <Text size="sm" c="dimmed" aria-hidden>
            +{chosen?.dialCode}
          </Text>
        }
        leftSectionWidth={48}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        onBlur={onBlur}
        error={error}
        disabled={disabled}
        style={{ flex: '1 1 180px' }}
        data-testid="sales-phone-number"
      />
    </Group>
  );
}
