import { Select, type SelectProps } from '@mantine/core';

export interface SelectOption {
  value: string;
  label: string;
}

/**
 * Spec 2: the custom select, Mantine's Select with the portal's defaults: a visible label, no deselecting by
 * clicking the chosen option again, searchable when the list is long.
 */
export function CustomSelect({
  label,
  options,
  value,
  onChange,
  placeholder,
  ...rest
}: {
  label: string;
  options: SelectOption[];
  value: string | null;
  onChange: (value: string | null) => void;
  placeholder?: string;
} & Omit<SelectProps, 'data' | 'value' | 'onChange' | 'label'>) {
  return (
    <Select
      label={label}
      data={options}
      value={value}
      onChange={(next) => onChange(next)}
      placeholder={placeholder}
      allowDeselect={false}
      searchable={options.length > 8}
      checkIconPosition="right"
      comboboxProps={{ withinPortal: true }}
      {...rest}
    />
  );
}
