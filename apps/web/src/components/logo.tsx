import { Group, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrand } from '../lib/brand/brand-context';

/**
 * The brand's logo (mark and wordmark in one SVG) and its second name; the image carries the brand name. An image
 * that fails to load leaves the name in words, with spec 8's 'SVG not found' on it and in the console.
 */
export function Logo() {
  const brand = useBrand();
  const { t } = useTranslation();
  const [isMissing, setMissing] = useState(false);
  return (
    <Group gap={8} wrap="nowrap">
      {isMissing ? (
        <Text fw={700} size="lg" title={t('errors.svgNotFound')} style={{ lineHeight: '32px' }}>
          {brand.name}
        </Text>
      ) : (
        <img
          src={brand.logo}
          alt={brand.name}
          height={32}
          width={150}
          style={{ display: 'block' }}
          onError={() => {
            console.warn(`SVG not found: ${brand.logo}`);
            setMissing(true);
          }}
        />
      )}
      {brand.secondName && (
        <Text size="xs" fw={600} c="dimmed" tt="uppercase" visibleFrom="md">
          {brand.secondName}
        </Text>
      )}
    </Group>
  );
}
