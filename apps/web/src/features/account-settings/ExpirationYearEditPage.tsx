import { Radio, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { PageHeader } from '../../components/PageHeader';
import { errorMessage } from '../../lib/api';
import { notifySuccess } from '../../lib/notify';
import { loadMe, useMe } from '../../lib/session';
import { accountSettingsApi } from './api';
import { SettingsFrame } from './SimpleForm';

/** /company/expiration-year/edit (data.expiration): how long books and documents are kept, 7 or 10 years. */
export default function ExpirationYearEditPage() {
  const me = useMe();
  const [value, setValue] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const current = value ?? String(me?.expiration_year ?? 7);
  return (
    <>
      <PageHeader title="有効期限年" description="帳簿・書類の保存期間を設定します。" />
      <SettingsFrame
        label="有効期限年"
        serverError={error}
        submitting={saving}
        onSubmit={async (event) => {
          event.preventDefault();
          setSaving(true);
          setError(undefined);
          try {
            await accountSettingsApi.setExpirationYear(Number(current));
            await loadMe({ force: true });
            notifySuccess('保存期間を変更しました');
          } catch (e) {
            setError(errorMessage(e));
          } finally {
            setSaving(false);
          }
        }}
      >
        <Radio.Group label="保存期間" value={current} onChange={setValue}>
          <Stack gap="xs" mt="xs">
            <Radio value="7" label="7年（法人税法の原則）" />
            <Radio value="10" label="10年（欠損金の繰越控除を受ける事業年度など）" />
          </Stack>
        </Radio.Group>
        <Text size="xs" c="dimmed">
          保存期間を過ぎたデータも自動では削除されません。
        </Text>
      </SettingsFrame>
    </>
  );
}
