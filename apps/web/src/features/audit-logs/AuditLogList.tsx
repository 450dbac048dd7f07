import {
  AUDIT_ACTION_LABELS,
  AUDIT_ACTIONS,
  AUDIT_LOG_SORTABLE,
  type AuditLogRow,
  auditTargetLabel,
} from '@chobo/core';
import { Badge, Button, Modal, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { type AdminColumn, AdminList, type AdminListFilters, fmtDateTime } from '../admin-shared/AdminList';
import { auditChangeRows } from './audit-changes';

/** Every action the server records, shown by its Japanese label; the filter sends the action's code. */
const ACTION_OPTIONS = AUDIT_ACTIONS.map((value) => ({ value, label: AUDIT_ACTION_LABELS[value] }));

/** The filters both 操作ログ lists share: action and a date range (Asia/Tokyo days). */
function commonFilters(values: Record<string, string | null>, set: (key: string, value: string | null) => void) {
  return (
    <>
      <Select
        label="操作"
        placeholder="すべて"
        data={ACTION_OPTIONS}
        value={values.action ?? null}
        onChange={(v) => set('action', v)}
        searchable
        clearable
        w={220}
        maw="100%"
      />
      <TextInput
        label="開始日"
        type="date"
        value={values.from ?? ''}
        onChange={(e) => set('from', e.currentTarget.value || null)}
        w={160}
        maw="100%"
      />
      <TextInput
        label="終了日"
        type="date"
        value={values.to ?? ''}
        onChange={(e) => set('to', e.currentTarget.value || null)}
        w={160}
        maw="100%"
      />
    </>
  );
}

const COMPANY_FILTERS: AdminListFilters = { keys: ['action', 'from', 'to'], render: commonFilters };

const ADMIN_FILTERS: AdminListFilters = {
  keys: ['company_id', 'action', 'from', 'to'],
  render: (values, set) => (
    <>
      <TextInput
        label="企業ID"
        description="0 = システム全体の操作"
        inputMode="numeric"
        value={values.company_id ?? ''}
        onChange={(e) => set('company_id', e.currentTarget.value.replace(/[^0-9]/g, '') || null)}
        w={140}
        maw="100%"
      />
      {commonFilters(values, set)}
    </>
  ),
};

function actorOf(row: AuditLogRow) {
  if (row.actor_user_id === null) return <Text size="sm">—</Text>;
  if (row.actor_name === null) {
    return (
      <Text size="sm" c="dimmed">
        削除されたユーザー（ID: {row.actor_user_id}）
      </Text>
    );
  }
  return (
    <Stack gap={0}>
      <Text size="sm">{row.actor_name}</Text>
      <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
        {row.actor_email}
      </Text>
    </Stack>
  );
}

/** 変更前 → 変更後 per field, in Japanese; a changed field in bold (audit-changes.ts). */
function AuditChanges({ before, after }: { before: unknown; after: unknown }) {
  const rows = auditChangeRows(before, after);
  if (rows.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        変更内容の記録はありません
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={420}>
      <Table withTableBorder verticalSpacing={4} fz="sm" data-testid="audit-changes" layout="fixed">
        <Table.Thead bg="gray.0">
          <Table.Tr>
            <Table.Th w="28%">項目</Table.Th>
            <Table.Th>変更前</Table.Th>
            <Table.Th w={24} aria-hidden />
            <Table.Th>変更後</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.key} data-testid="audit-change" data-changed={r.changed || undefined}>
              <Table.Td fw={r.changed ? 600 : undefined}>{r.label}</Table.Td>
              <Table.Td c={r.changed ? 'dimmed' : undefined} style={{ overflowWrap: 'anywhere' }}>
                {r.before}
              </Table.Td>
              <Table.Td c="dimmed" aria-hidden ta="center">
                {r.changed ? '→' : ''}
              </Table.Td>
              <Table.Td fw={r.changed ? 600 : undefined} style={{ overflowWrap: 'anywhere' }}>
                {r.after}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * 操作ログ: the company owner's own company (`/api/company/audit-logs`) or, for administrators, every
 * chain (`/api/admin/audit-logs`, with a company column and filter). Each row opens its details.
 */
export function AuditLogList({ scope }: { scope: 'company' | 'admin' }) {
  const [opened, setOpened] = useState<AuditLogRow | null>(null);
  const columns: AdminColumn<AuditLogRow>[] = [
    { label: '日時', sort: 'created_at', w: 150, render: (r) => fmtDateTime(r.created_at) },
    ...(scope === 'admin'
      ? [
          {
            label: '企業',
            render: (r: AuditLogRow) =>
              r.company_id === null ? (
                <Badge variant="light" color="gray">
                  システム
                </Badge>
              ) : (
                <Text size="sm">{r.company_name ?? `削除された企業（ID: ${r.company_id}）`}</Text>
              ),
          },
        ]
      : []),
    { label: '操作', sort: 'action', render: (r) => r.action_label },
    {
      label: '対象',
      sort: 'target_type',
      render: (r) => `${auditTargetLabel(r.target_type)}${r.target_id ? `（ID: ${r.target_id}）` : ''}`,
    },
    { label: '操作者', render: actorOf },
    {
      label: '詳細',
      w: 90,
      render: (r) => (
        <Button size="compact-sm" variant="light" onClick={() => setOpened(r)} aria-label={`操作ログ${r.id}の詳細`}>
          詳細
        </Button>
      ),
    },
  ];
  return (
    <>
      <AdminList<AuditLogRow>
        path={scope === 'admin' ? '/api/admin/audit-logs' : '/api/company/audit-logs'}
        queryKey={`audit-logs-${scope}`}
        sortable={AUDIT_LOG_SORTABLE}
        columns={columns}
        placeholder="操作・対象・操作者・内容で検索"
        emptyTitle="操作ログはまだありません"
        label="操作ログ"
        filters={scope === 'admin' ? ADMIN_FILTERS : COMPANY_FILTERS}
      />
      <Modal
        opened={opened !== null}
        onClose={() => setOpened(null)}
        title={opened ? `操作ログ ${opened.id}：${opened.action_label}` : ''}
        size="lg"
      >
        {opened && (
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {fmtDateTime(opened.created_at)} ／ IPアドレス: {opened.ip ?? '—'}
            </Text>
            <AuditChanges before={opened.before} after={opened.after} />
            <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
              ハッシュ: {opened.hash}
              <br />
              直前のハッシュ: {opened.prev_hash}
            </Text>
          </Stack>
        )}
      </Modal>
    </>
  );
}
