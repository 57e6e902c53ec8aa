import { SegmentedControl } from '@mantine/core';
import { useState } from 'react';

export interface SelectorOption<T extends string> {
  value: T;
  label: string;
}

/** Spec 2: a tab/segmented selector: options of value and label, an initial selection, a change callback. */
export function SegmentedSelector<T extends string>({
  options,
  initialValue,
  onChange,
  label,
}: {
  options: SelectorOption<T>[];
  initialValue?: T;
  onChange?: (value: T) => void;
  /** Names the group for screen readers. */
  label: string;
}) {
  const [value, setValue] = useState<T | undefined>(initialValue ?? options[0]?.value);
  return (
    <SegmentedControl
      aria-label={label}
      data={options}
      value={value}
      onChange={(next) => {
        setValue(next as T);
        onChange?.(next as T);
      }}
    />
  );
}
