import { formatJPY, type Product, TAX_CATEGORY_LABELS } from '@chobo/core';
import { Combobox, Group, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPackage } from '@tabler/icons-react';
import type { Ref } from 'react';
import { useProductSearch } from './api';
import { num } from './labels';

/**
 * A line's 品目: free text, or — typing a product code or name — a product from the list (picking one
 * fills 品目, 単位, 単価 and 税区分 of the row, all still editable). ↑↓ and Enter pick; Esc closes.
 */
export function LineDescriptionInput({
  value,
  onChange,
  onPick,
  productCode,
  error,
  inputRef,
  onBlur,
  'aria-label': ariaLabel,
  readOnly,
}: {
  value: string;
  onChange: (text: string) => void;
  onPick: (product: Product) => void;
  productCode?: string;
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
  onBlur?: () => void;
  'aria-label': string;
  readOnly?: boolean;
}) {
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [debounced] = useDebouncedValue(value.trim(), 250);
  const open = combobox.dropdownOpened;
  const search = useProductSearch(debounced, open && !readOnly);
  const products = (search.data?.data ?? []).filter((p) => p.is_active);

  return (
    <Combobox
      store={combobox}
      withinPortal
      position="bottom-start"
      width={360}
      onOptionSubmit={(id) => {
        const product = products.find((p) => String(p.id) === id);
        if (product) onPick(product);
        combobox.closeDropdown();
      }}
    >
      <Combobox.Target>
        <TextInput
          ref={inputRef}
          size="sm"
          aria-label={ariaLabel}
          placeholder="商品コード・商品名で検索、または自由入力"
          value={value}
          readOnly={readOnly}
          error={error}
          leftSection={productCode ? <IconPackage size={14} aria-hidden /> : undefined}
          title={productCode ? `商品 ${productCode}` : undefined}
          rightSection={open && search.isFetching ? <Loader size={12} /> : undefined}
          onChange={(event) => {
            onChange(event.currentTarget.value);
            if (!readOnly) combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onClick={() => !readOnly && combobox.openDropdown()}
          onBlur={() => {
            combobox.closeDropdown();
            onBlur?.();
          }}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={products.length === 0}>
        <Combobox.Options aria-label="商品の候補">
          {products.map((p) => (
            <Combobox.Option value={String(p.id)} key={p.id}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600} truncate>
                    {p.name}
                  </Text>
                  <Text size="xs" c="dimmed" ff="monospace">
                    {p.code}
                  </Text>
                </div>
                <div style={{ textAlign: 'right', flexShrink: 0 }}>
                  <Text size="sm" style={num}>
                    {formatJPY(p.unit_price)}
                    {p.unit ? <Text span size="xs" c="dimmed">{` / ${p.unit}`}</Text> : null}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {TAX_CATEGORY_LABELS[p.tax_category]}
                  </Text>
                </div>
              </Group>
            </Combobox.Option>
          ))}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
