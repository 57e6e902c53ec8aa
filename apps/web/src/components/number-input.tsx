import { NumberInput as MantineNumberInput, type NumberInputProps as MantineNumberInputProps } from '@mantine/core';
import { useEffect, useState } from 'react';

/**
 * Spec 5: a number input that accepts a typed integer only within min and max (anything else is ignored, the
 * previous value stays), stepping by 1 unless told otherwise.
 */
export function NumberInput({
  label,
  value,
  onChange,
  min,
  max,
  step = 1,
  ...rest
}: {
  label: string;
  value: number | undefined;
  onChange: (value: number | undefined) => void;
  min?: number;
  max?: number;
  step?: number;
} & Omit<MantineNumberInputProps, 'value' | 'onChange' | 'min' | 'max' | 'step' | 'label'>) {
  // What is typed, including steps on the way to a number ("1." or "-"): the parent hears numbers only.
  const [text, setText] = useState<string | number>(value ?? '');
  useEffect(() => {
    setText((current) => (typeof current === 'number' || value !== undefined ? (value ?? '') : current));
  }, [value]);
  return (
    <MantineNumberInput
      label={label}
      value={text}
      onChange={(next) => {
        setText(next);
        onChange(typeof next === 'number' ? next : undefined);
      }}
      min={min}
      max={max}
      step={step}
      allowDecimal={false}
      allowNegative={min === undefined || min < 0}
      clampBehavior="strict"
      {...rest}
    />
  );
}
