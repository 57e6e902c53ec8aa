import { Group, Text } from '@mantine/core';
import { useBrand } from '../lib/brand/brand-context';

/** The brand's logo (mark and wordmark in one SVG) and its second name; the image carries the brand name. */
export function Logo() {
  const brand = useBrand();
  return (
    <Group gap={8} wrap="nowrap">
      <img src={brand.logo} alt={brand.name} height={32} width={150} style={{ display: 'block' }} />
      {brand.secondName && (
        <Text size="xs" fw={600} c="dimmed" tt="uppercase" visibleFrom="md">
          {brand.secondName}
        </Text>
      )}
    </Group>
  );
}
