import type { OcrDocumentDetail } from '@chobo/core';
import { Paper, Radio, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useSupplierSearch } from './api';
import type { OcrEditorState } from './use-ocr-editor';

/** An existing supplier (取引先 used for purchases), searched by name. */
function SupplierPicker({ value, onChange }: { value: string | null; onChange: (id: string | null) => void }) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const q = useSupplierSearch(debounced);
  const data = (q.data?.data ?? [])
    .filter((c) => c.used_for === 2 || c.used_for === 3)
    .map((c) => ({ value: String(c.id), label: c.name }));
  return (
    <Select
      aria-label="既存の取引先"
      placeholder="取引先名で検索"
      searchable
      data={data}
      value={value}
      onChange={onChange}
      searchValue={search}
      onSearchChange={setSearch}
      nothingFoundMessage="見つかりません"
    />
  );
}

const MATCHED_BY = { registration_number: '登録番号', phone: '電話番号', name: '名称' } as const;

/** 取引先 of the purchase to register: the supplier matched, an existing one, or a new one by name. */
export function SupplierChoice({ d, editor }: { d: OcrDocumentDetail; editor: OcrEditorState }) {
  const { mode, setMode, customerId, setCustomerId, newName, setNewName } = editor.supplier;
  const { errors, err } = editor;
  return (
    <Paper withBorder p="sm" radius="md">
      <Title order={4} fz={15} mb="xs">
        取引先
      </Title>
      <Radio.Group value={mode} onChange={(x) => setMode(x as typeof mode)}>
        <Stack gap="xs">
          {d.supplier_match && (
            <Radio
              value="match"
              label={`${d.supplier_match.customer_name}（${MATCHED_BY[d.supplier_match.matched_by]}で一致）`}
            />
          )}
          <Radio value="existing" label="既存の取引先から選ぶ" />
          {mode === 'existing' && <SupplierPicker value={customerId} onChange={setCustomerId} />}
          <Radio value="new" label="新しい取引先として登録" />
          {mode === 'new' && (
            <TextInput
              aria-label="新しい取引先名"
              value={newName}
              onChange={(e) => setNewName(e.currentTarget.value)}
              error={errors['new_customer.name']?.[0]}
            />
          )}
        </Stack>
      </Radio.Group>
      {err('customer_id') && (
        <Text size="xs" c="red" mt={4}>
          {err('customer_id')}
        </Text>
      )}
    </Paper>
  );
}
