import {
  deductibleTax,
  formatDateJa,
  formatJPY,
  nonQualifiedDeductiblePercent,
  registrationNumberField,
  type TransactionDocumentValues,
} from '@chobo/core';
import { Alert, Badge, Grid, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconAlertCircle, IconInfoCircle } from '@tabler/icons-react';
import { type ReactNode, useRef, useState } from 'react';
import { type Control, Controller, type UseFormReturn, useForm, useWatch } from 'react-hook-form';
import { DuplicateDocumentAlert, type DuplicateMatch, duplicateOf } from '../../components/DuplicateDocumentAlert';
import { FormActions } from '../../components/FormActions';
import { FormSection } from '../../components/FormSection';
import { CustomerField } from '../../components/fields/CustomerField';
import { FormDateField } from '../../components/fields/DateField';
import { MoneyField } from '../../components/fields/MoneyField';
import { SelectField } from '../../components/fields/SelectField';
import { ApiError } from '../../lib/api';
import { fieldProps } from '../../lib/field-props';
import { handleFormError, setServerErrors } from '../../lib/form-errors';
import { AccountSelect } from '../accounting/AccountSelect';
import { useAccounts } from '../accounting/api';
import {
  type DocumentFormValues,
  documentResolver,
  fieldNames,
  remapTaxErrors,
  splitInclusive,
  taxTotals,
  toBody,
  yen,
} from './form-values';
import {
  DOCUMENT_STATUS_OPTIONS,
  DOCUMENT_TYPE_OPTIONS,
  documentEditPath,
  PAYMENT_OPTIONS,
  ratePercent,
} from './labels';
import { TaxesEditor } from './TaxesEditor';

const registration = registrationNumberField();

/** 適格 / 非適格 of the number typed, checked live with the contract's own rule (T + 13 digits, check digit). */
export function registrationState(value: string): { qualified: boolean; error: string | null } {
  const text = value.trim();
  if (!text) return { qualified: false, error: null };
  const result = registration.safeParse(text);
  if (!result.success)
    return { qualified: false, error: result.error.issues[0]?.message ?? '登録番号が正しくありません' };
  return { qualified: result.data !== '', error: null };
}

type DocumentFormApi = UseFormReturn<DocumentFormValues, unknown, TransactionDocumentValues>;

/** 取引金額から計算: splits the amount into the single tax row; `auto` keeps doing it until the 内訳 is typed in. */
function useTaxFill(form: DocumentFormApi, autoTax: boolean, rowCount: number) {
  // the helper keeps filling the single row until the person types into the 内訳 themselves
  const auto = useRef(autoTax);
  const fill = () => {
    const value = yen(form.getValues('amount'));
    const rows = form.getValues('taxes');
    if (typeof value !== 'number' || value <= 0 || rows.length !== 1) return;
    const { base, tax } = splitInclusive(value, rows[0].tax_category);
    form.setValue('taxes.0.base', base);
    form.setValue('taxes.0.tax', ratePercent(rows[0].tax_category) ? tax : 0);
    form.clearErrors(['amount', 'taxes']);
  };
  return { auto, canFill: rowCount === 1, fill };
}

/**
 * The 発注取引 form of /create and /edit (contract: transactionDocumentInput). `files` is the upload block
 * of the create page; `banner` the 409 alert of the edit page.
 */
export function DocumentForm({
  defaultValues,
  customerName,
  submitLabel,
  onSubmit,
  backTo,
  banner,
  files,
  autoTax = false,
}: {
  defaultValues: DocumentFormValues;
  customerName?: string | null;
  submitLabel: string;
  onSubmit: (values: TransactionDocumentValues) => Promise<unknown>;
  backTo: string;
  banner?: ReactNode;
  files?: ReactNode;
  /** Fill the tax row from the amount while the person has not typed into it (a new document). */
  autoTax?: boolean;
}) {
  const form = useForm<DocumentFormValues, unknown, TransactionDocumentValues>({
    resolver: documentResolver,
    defaultValues,
    mode: 'onTouched',
  });
  const { control, formState } = form;
  const { errors, isSubmitting } = formState;
  const accounts = useAccounts();
  const expenseAccounts = (accounts.data ?? []).filter((a) => a.category === 'expense');

  const taxes = useWatch({ control, name: 'taxes' });
  const registrationNumber = useWatch({ control, name: 'registration_number' }) ?? '';
  const transactionDate = useWatch({ control, name: 'transaction_date' });
  const reg = registrationState(registrationNumber);
  const totalTax = taxTotals(taxes).tax;
  const share = transactionDate ? nonQualifiedDeductiblePercent(transactionDate) : 80;

  const { auto, canFill, fill } = useTaxFill(form, autoTax, taxes.length);
  // a create that matches a registered document (409 duplicate_of): shown with the choice to register anyway
  const [duplicate, setDuplicate] = useState<{ match: DuplicateMatch; values: TransactionDocumentValues } | null>(null);
  const [confirming, setConfirming] = useState(false);

  const send = async (values: TransactionDocumentValues) => {
    setDuplicate(null);
    try {
      await onSubmit(values);
    } catch (error) {
      const match = duplicateOf(error);
      if (match) {
        setDuplicate({ match, values });
        return;
      }
      const current = form.getValues();
      if (error instanceof ApiError && error.status === 422) {
        const { formIndex } = toBody(current);
        setServerErrors(form, remapTaxErrors(error.errors, formIndex), fieldNames(current.taxes.length), error.message);
        return;
      }
      handleFormError(form, error, []);
    }
  };
  const submit = form.handleSubmit(send);
  const confirmDuplicate = async () => {
    if (!duplicate) return;
    setConfirming(true);
    try {
      await send({ ...duplicate.values, confirm_duplicate: true });
    } finally {
      setConfirming(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label="発注取引">
      <Stack gap="lg">
        {errors.root?.server?.message && (
          <Alert color="red" icon={<IconAlertCircle size={16} />} role="alert">
            {errors.root.server.message}
          </Alert>
        )}
        <FormSection title="書類の情報" description="受け取った書類に記載されている内容を入力します。">
          <Grid>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <CustomerField
                control={control}
                name="customer_id"
                usedFor={2}
                label="取引先"
                placeholder="取引先名・カナで検索"
                withAsterisk
                currentLabel={customerName}
                error={errors.customer_id?.message}
                onPicked={() => form.clearErrors('customer_id')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 6, sm: 3 }}>
              <Controller
                control={control}
                name="document_type"
                render={({ field }) => (
                  <Select
                    ref={field.ref}
                    label="書類の種類"
                    withAsterisk
                    data={DOCUMENT_TYPE_OPTIONS}
                    value={field.value}
                    onChange={(v) => field.onChange(v ?? '4')}
                    allowDeselect={false}
                    error={errors.document_type?.message}
                    comboboxProps={{ withinPortal: true }}
                  />
                )}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 6, sm: 3 }}>
              <FormDateField control={control} name="transaction_date" label="取引日" withAsterisk />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <RegistrationNumberField control={control} reg={reg} error={errors.registration_number?.message} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <Controller
                control={control}
                name="account_id"
                render={({ field }) => (
                  <AccountSelect
                    ref={field.ref}
                    label="勘定科目"
                    placeholder={accounts.isError ? '勘定科目を読み込めません（仕入高）' : '未指定（仕入高）'}
                    description="請求書・領収書は登録時にこの科目で仕訳されます"
                    accounts={expenseAccounts}
                    value={field.value}
                    onChange={field.onChange}
                    clearable
                    error={errors.account_id?.message}
                  />
                )}
              />
            </Grid.Col>
          </Grid>
          {!reg.qualified && !reg.error && (
            <TransitionalNote transactionDate={transactionDate} totalTax={totalTax} share={share} />
          )}
        </FormSection>

        <AmountSection form={form} auto={auto} canFill={canFill} onFill={fill} />

        <PaymentSection form={form} />

        {files}
        {banner}
        {duplicate && (
          <DuplicateDocumentAlert
            match={duplicate.match}
            href={documentEditPath(duplicate.match.id)}
            onConfirm={confirmDuplicate}
            confirming={confirming}
          />
        )}
        <FormActions cancelTo={backTo} submitLabel={submitLabel} loading={isSubmitting} />
      </Stack>
    </form>
  );
}

/** 支払: method, due date, status, memo. */
function PaymentSection({ form }: { form: UseFormReturn<DocumentFormValues, unknown, TransactionDocumentValues> }) {
  const { control } = form;
  return (
    <FormSection title="支払">
      <Grid>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <SelectField
            control={control}
            name="payment_method"
            empty="1"
            label="支払方法"
            data={PAYMENT_OPTIONS}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, xs: 6, sm: 4 }}>
          <FormDateField control={control} name="due_date" label="支払期日" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, xs: 6, sm: 4 }}>
          <SelectField
            control={control}
            name="status"
            empty="0"
            label="状態"
            data={DOCUMENT_STATUS_OPTIONS}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
        </Grid.Col>
        <Grid.Col span={12}>
          <Textarea label="メモ" autosize minRows={2} {...fieldProps(form, 'memo')} />
        </Grid.Col>
      </Grid>
    </FormSection>
  );
}

/** 金額: the 取引金額 (which keeps filling the single 内訳 row until that is typed into) and the 内訳. */
function AmountSection({
  form,
  auto,
  canFill,
  onFill,
}: {
  form: UseFormReturn<DocumentFormValues, unknown, TransactionDocumentValues>;
  auto: { current: boolean };
  canFill: boolean;
  onFill: () => void;
}) {
  const { control, setValue, getValues } = form;
  const { errors } = form.formState;
  return (
    <FormSection
      title="金額"
      description="取引金額は税込の合計です。合計だけ分かる場合は「取引金額から計算」で内訳を求められます。"
    >
      <Grid>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <Controller
            control={control}
            name="amount"
            render={({ field }) => (
              <MoneyField
                ref={field.ref}
                label="取引金額（税込）"
                withAsterisk
                leftSection={<Text size="sm">¥</Text>}
                value={field.value}
                onChange={(v) => {
                  field.onChange(v);
                  if (auto.current) {
                    const value = yen(v);
                    const rows = getValues('taxes');
                    if (typeof value === 'number' && value > 0 && rows.length === 1) {
                      const split = splitInclusive(value, rows[0].tax_category);
                      setValue('taxes.0.base', split.base);
                      setValue('taxes.0.tax', split.tax);
                    }
                  }
                }}
                onBlur={field.onBlur}
                error={errors.amount?.message}
                styles={{ input: { textAlign: 'right' } }}
              />
            )}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 8 }}>
          <TaxesEditor
            control={control}
            errors={errors}
            canFill={canFill}
            onFill={() => {
              auto.current = true;
              onFill();
            }}
            onEdit={() => {
              auto.current = false;
            }}
          />
        </Grid.Col>
      </Grid>
    </FormSection>
  );
}

/** The 経過措置 of a supplier without 登録番号: how much of the tax may be deducted on this date. */
function TransitionalNote({
  transactionDate,
  totalTax,
  share,
}: {
  transactionDate: string;
  totalTax: number;
  share: number;
}) {
  return (
    <Alert color="gray" variant="light" icon={<IconInfoCircle size={16} />} mt="md" data-testid="transitional-note">
      <Text size="sm">
        登録番号がない取引先（非適格）からの仕入は、経過措置により消費税額の80%（2026年9月30日まで）・50%（2029年9月30日まで）だけが仕入税額控除の対象です。
      </Text>
      {transactionDate && totalTax > 0 && (
        <Text size="sm" fw={600} mt={4}>
          {formatDateJa(transactionDate)}の取引：控除できる割合 {share}%（
          {formatJPY(deductibleTax(totalTax, transactionDate, false))}／消費税
          {formatJPY(totalTax)}）
        </Text>
      )}
    </Alert>
  );
}

/** 登録番号 with its 適格 / 非適格 mark (checked as typed). */
function RegistrationNumberField({
  control,
  reg,
  error,
}: {
  control: Control<DocumentFormValues, unknown, TransactionDocumentValues>;
  reg: { qualified: boolean; error: string | null };
  error: string | undefined;
}) {
  return (
    <Controller
      control={control}
      name="registration_number"
      render={({ field }) => (
        <TextInput
          ref={field.ref}
          label="登録番号（適格請求書発行事業者）"
          placeholder="T1234567890123"
          value={field.value}
          onChange={(e) => field.onChange(e.currentTarget.value)}
          onBlur={field.onBlur}
          error={error ?? reg.error ?? undefined}
          rightSectionWidth={64}
          rightSection={
            <Badge
              size="sm"
              radius="sm"
              variant={reg.qualified ? 'light' : 'outline'}
              color={reg.qualified ? 'teal' : 'gray'}
              data-testid="qualified-mark"
            >
              {reg.qualified ? '適格' : '非適格'}
            </Badge>
          }
          styles={{ input: { fontFamily: 'monospace' } }}
        />
      )}
    />
  );
}
