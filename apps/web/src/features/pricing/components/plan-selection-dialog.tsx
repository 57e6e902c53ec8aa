import type { PricingTable } from '@fixpoint/shared';
import { Button, Group, Modal, Select, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Spec 2: a dropdown of named tables, Cancel and Select; Select stays disabled until a plan is chosen. */
export function PlanSelectionDialog({
  tables,
  onSelect,
  onClose,
}: {
  tables: PricingTable[];
  onSelect: (table: PricingTable) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [tableId, setTableId] = useState<string | null>(null);
  const chosen = tables.find((table) => table.id === tableId);
  return (
    <Modal opened onClose={onClose} title={t('pricing.planSelection.title')} centered size="md">
      <Stack>
        <Select
          label={t('pricing.planSelection.label')}
          placeholder={t('pricing.planSelection.placeholder')}
          data={tables.map((table) => ({ value: table.id, label: table.name }))}
          value={tableId}
          onChange={setTableId}
          allowDeselect={false}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('pricing.planSelection.cancel')}
          </Button>
          <Button disabled={!chosen} onClick={() => chosen && onSelect(chosen)}>
            {t('pricing.planSelection.select')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
