import { SALES_MESSAGE_MAX } from '@fixpoint/shared';
import { Button, Group, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { isSalesFormValid, type SalesFormValues } from '../lib/sales-form';
import { PhoneField } from './phone-field';

/** Generous limits for the free-text fields; the server holds the same (packages/shared `salesRequestSchema`). */
const nameMaxLength = 100;
const emailMaxLength = 254;
const companyMaxLength = 200;

/**
 * Spec 2 and 5, step 2 of 2: the contact form. Submit is enabled only when first name, last name and e-mail are
 * filled and valid and nothing is being sent; while sending it reads 'Submitting...' and Back is disabled too.
 */
export function SalesContactForm({
  form,
  isSubmitting,
  onSubmit,
  onBack,
}: {
  form: UseFormReturnType<SalesFormValues>;
  isSubmitting: boolean;
  onSubmit: (values: SalesFormValues) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const canSubmit = isSalesFormValid(form.values) && !isSubmitting;
  const messageLength = form.values.message.length;
  const isAtLimit = messageLength >= SALES_MESSAGE_MAX;

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => {
        if (!isSubmitting) onSubmit(values);
      })}
    >
      <Stack gap="sm">
        <Text size="sm">{t('sales.contact.lead')}</Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label={t('sales.contact.firstName')}
            autoComplete="given-name"
            required
            maxLength={nameMaxLength}
            disabled={isSubmitting}
            data-autofocus
            {...form.getInputProps('firstName')}
          />
          <TextInput
            label={t('sales.contact.lastName')}
            autoComplete="family-name"
            required
            maxLength={nameMaxLength}
            disabled={isSubmitting}
            {...form.getInputProps('lastName')}
          />
        </SimpleGrid>
        <TextInput
          label={t('sales.contact.email')}
          type="email"
          autoComplete="email"
          required
          maxLength={emailMaxLength}
          disabled={isSubmitting}
          {...form.getInputProps('email')}
        />
        <TextInput
          label={t('sales.contact.company')}
          autoComplete="organization"
          maxLength={companyMaxLength}
          disabled={isSubmitting}
          {...form.getInputProps('company')}
        />
        <PhoneField
          country={form.values.phoneCountry}
          onCountryChange={(country) => form.setFieldValue('phoneCountry', country)}
          value={form.values.phoneNumber}
          onChange={(value) => form.setFieldValue('phoneNumber', value)}
          onBlur={() => form.validateField('phoneNumber')}
          error={form.errors.phoneNumber}
          disabled={isSubmitting}
        />
        <Textarea
          label={t('sales.contact.message')}
          rows={4}
          maxLength={SALES_MESSAGE_MAX}
          disabled={isSubmitting}
          {...form.getInputProps('message')}
          inputWrapperOrder={['label', 'input', 'error', 'description']}
          description={t('sales.contact.counter', { length: messageLength, max: SALES_MESSAGE_MAX })}
          descriptionProps={{
            'data-testid': 'sales-message-counter',
            'data-at-limit': isAtLimit || undefined,
            // Red at the limit (spec 5), in a shade that keeps 4.5:1 on white.
            style: { textAlign: 'right', color: isAtLimit ? 'var(--mantine-color-red-9)' : undefined },
          }}
        />
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onBack} disabled={isSubmitting}>
            {t('sales.contact.back')}
          </Button>
          <Button type="submit" disabled={!canSubmit}>
            {isSubmitting ? t('sales.contact.submitting') : t('sales.contact.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
