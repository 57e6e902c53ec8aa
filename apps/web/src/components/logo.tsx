import { Group, Text } from '@mantine/core';
import { brand } from '../config/brand';

export function Logo() {
  return (
    <Group gap={8} wrap="nowrap">
      <img src="/favicon.svg" alt="" width={28} height={28} />
      <Text fw={700} size="lg">
        {brand.name}
      </Text>
    </Group>
  );
}
