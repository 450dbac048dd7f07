import { DOCUMENT_TYPES, formatJPY, type OcrDocumentDetail } from '@chobo/core';
import { Alert, Anchor, Button, Grid, Group, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { DuplicateDocumentAlert } from '../../components/DuplicateDocumentAlert';
import { NumberField } from '../../components/fields';
import { apiUrl } from '../../lib/api-base';
import { documentEditPath } from '../transaction-documents/labels';
import { OcrField } from './OcrField';
import { PageImage } from './PageImage';
import { PostingChoice } from './PostingChoice';
import { SupplierChoice } from './SupplierChoice';
import { type OcrEditorState, useOcrEditor } from './use-ocr-editor';

/** The page image beside the fields read from it; correct them, choose the supplier, then 確定. */
export function OcrEditor({ d }: { d: OcrDocumentDetail }) {
  // the Editor is keyed by updated_at: a saved version starts from what the server holds
  const editor = useOcrEditor(d);
  const { registered, page, setPage, box } = editor;
  return (
    <Grid gap="lg">
      {registered && d.transaction_document_id && (
        <Grid.Col span={12}>
          <Alert color="violet" icon={<IconCheck size={18} />} title="登録済">
            この書類は発注取引として登録されています。{' '}
            <Anchor component={Link} to={documentEditPath(d.transaction_document_id)}>
              登録した発注取引を開く
            </Anchor>
          </Alert>
        </Grid.Col>
      )}
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Stack gap="xs" pos={{ base: 'static', md: 'sticky' } as never} top={16}>
          {d.pages.length > 1 && (
            <SegmentedControl
              data={d.pages.map((p) => ({ value: String(p.page), label: `${p.page}ページ` }))}
              value={String(page)}
              onChange={(x) => setPage(Number(x))}
            />
          )}
          <PageImage d={d} page={page} box={box} />
          <Anchor href={apiUrl(d.file_url)} target="_blank" size="sm">
            元のファイルを開く
          </Anchor>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Stack gap="sm">
          <OcrFields d={d} editor={editor} />
          {!registered && <ConfirmSection d={d} editor={editor} />}
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

type TextKey = 'issuer_name' | 'registration_number' | 'transaction_date' | 'phone';

/** The fields read, each with its confidence; focusing one shows its box on the page. */
function OcrFields({ d, editor }: { d: OcrDocumentDetail; editor: OcrEditorState }) {
  const { v, set, err, focusProps, registered } = editor;
  const taxInput = (k: 'base10' | 'tax10' | 'base8' | 'tax8', label: string) => (
    <NumberField
      label={label}
      value={v[k]}
      onChange={(x) => set(k, typeof x === 'number' ? x : '')}
      thousandSeparator=","
      prefix="¥"
      allowDecimal={false}
      allowNegative={false}
      size="sm"
      disabled={registered}
      {...focusProps('taxes')}
    />
  );
  /** A text field of the result (the registration number's and the issuer's registry checks under it). */
  const text = (k: TextKey, label: string, extra?: { placeholder?: string; type?: string }) => (
    <OcrField
      d={d}
      k={k}
      warning={k === 'registration_number' || k === 'issuer_name' ? d.fields?.[k].warning : undefined}
    >
      <TextInput
        aria-label={label}
        {...extra}
        value={v[k]}
        onChange={(e) => set(k, e.currentTarget.value)}
        disabled={registered}
        error={err(k)}
        {...focusProps(k)}
      />
    </OcrField>
  );
  return (
    <>
      <OcrField d={d} k="document_type">
        <Select
          aria-label="書類の種類"
          data={Object.entries(DOCUMENT_TYPES).map(([value, label]) => ({ value, label }))}
          value={v.document_type}
          onChange={(x) => set('document_type', x ?? '4')}
          allowDeselect={false}
          disabled={registered}
          error={err('document_type')}
          {...focusProps('document_type')}
        />
      </OcrField>
      {text('issuer_name', '発行元')}
      {text('registration_number', '登録番号', { placeholder: 'T1234567890123' })}
      {text('transaction_date', '取引日', { type: 'date' })}
      <OcrField d={d} k="total">
        <NumberField
          aria-label="合計金額"
          value={v.total}
          onChange={(x) => set('total', typeof x === 'number' ? x : '')}
          thousandSeparator=","
          prefix="¥"
          allowDecimal={false}
          allowNegative={false}
          disabled={registered}
          error={err('total')}
          {...focusProps('total')}
        />
      </OcrField>
      <OcrField d={d} k="taxes">
        <Grid gap="xs">
          <Grid.Col span={6}>{taxInput('base10', '10%対象額（税抜）')}</Grid.Col>
          <Grid.Col span={6}>{taxInput('tax10', '10% 消費税額')}</Grid.Col>
          <Grid.Col span={6}>{taxInput('base8', '8%対象額（税抜）')}</Grid.Col>
          <Grid.Col span={6}>{taxInput('tax8', '8% 消費税額')}</Grid.Col>
        </Grid>
        {err('taxes') && (
          <Text size="xs" c="red" mt={4}>
            {err('taxes')}
          </Text>
        )}
      </OcrField>
      {text('phone', '電話番号')}
    </>
  );
}

/** 修正を保存, the supplier, and 確定 (registers the purchase and its journal entry). */
function ConfirmSection({ d, editor }: { d: OcrDocumentDetail; editor: OcrEditorState }) {
  const { v, dirty, errors, onSave, onConfirm, duplicate, saving, confirming } = editor;
  return (
    <>
      <Group justify="flex-end">
        <Button variant="default" onClick={() => void onSave()} loading={saving} disabled={!dirty}>
          修正を保存
        </Button>
      </Group>
      <SupplierChoice d={d} editor={editor} />
      <PostingChoice d={d} editor={editor} />
      {errors.amount && (
        <Alert color="red" variant="light">
          {errors.amount[0]}
        </Alert>
      )}
      {duplicate && (
        <DuplicateDocumentAlert
          match={duplicate}
          href={documentEditPath(duplicate.id)}
          onConfirm={() => void onConfirm({ confirmDuplicate: true })}
          confirming={confirming}
        />
      )}
      <Button
        size="md"
        leftSection={<IconCheck size={18} />}
        onClick={() => void onConfirm()}
        loading={confirming || saving}
      >
        確定
      </Button>
      <Text size="xs" c="dimmed">
        確定すると、元のファイルを第1版とする発注取引（
        {v.total !== '' ? formatJPY(Number(v.total)) : '金額未入力'}
        ）と仕訳が登録されます。
      </Text>
    </>
  );
}
