import { type Rounding, TAX_MODES, type TaxMode, type TransactionValues } from '@chobo/core';
import {
  Alert,
  Grid,
  Group,
  Input,
  Kbd,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle } from '@tabler/icons-react';
import type { KeyboardEvent, ReactNode } from 'react';
import { Controller, type UseFormReturn, useForm, useWatch } from 'react-hook-form';
import { FormActions } from '../../components/FormActions';
import { FormSection } from '../../components/FormSection';
import { CustomerField } from '../../components/fields/CustomerField';
import { FormDateField } from '../../components/fields/DateField';
import { SelectField } from '../../components/fields/SelectField';
import { linesTotals } from '../../components/lines-editor/totals';
import { ApiError } from '../../lib/api';
import { fieldProps } from '../../lib/field-props';
import { handleFormError, setServerErrors } from '../../lib/form-errors';
import { fieldNames, remapLineErrors, type TransactionFormValues, toBody, transactionResolver } from './form-values';
import { LinesEditor } from './LinesEditor';
import { PAYMENT_OPTIONS, STATUS_OPTIONS } from './labels';
import { TotalsBox } from './TotalsBox';

/**
 * The 受注取引 form of /company/transactions/create and /edit (contract: transactionInput). The totals box
 * is `documentTotals` with the company's rounding — the server's own computation, live.
 */
export function TransactionForm({
  defaultValues,
  rounding,
  customerName,
  submitLabel,
  onSubmit,
  backTo,
  banner,
}: {
  defaultValues: TransactionFormValues;
  rounding: Rounding;
  customerName?: string | null;
  submitLabel: string;
  onSubmit: (values: TransactionValues) => Promise<unknown>;
  backTo: string;
  /** e.g. the 409 conflict message, shown next to the save button. */
  banner?: ReactNode;
}) {
  const form = useForm<TransactionFormValues, unknown, TransactionValues>({
    resolver: transactionResolver,
    defaultValues,
  });
  const { control, formState } = form;
  const { errors, isSubmitting } = formState;
  const narrow = useMediaQuery('(max-width: 48em)') ?? false;
  const lines = useWatch({ control, name: 'lines' });
  const taxMode = useWatch({ control, name: 'tax_mode' }) as TaxMode;
  const totals = linesTotals(lines, taxMode, rounding);

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      const current = form.getValues();
      if (error instanceof ApiError && error.status === 422) {
        const { formIndex } = toBody(current);
        setServerErrors(
          form,
          remapLineErrors(error.errors, formIndex),
          fieldNames(current.lines.length),
          error.message,
        );
        return;
      }
      handleFormError(form, error, []);
    }
  });

  const onFormKey = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <form onSubmit={submit} onKeyDown={onFormKey} noValidate aria-label="受注取引">
      <Stack gap="lg">
        {errors.root?.server?.message && (
          <Alert color="red" icon={<IconAlertCircle size={16} />} role="alert">
            {errors.root.server.message}
          </Alert>
        )}
        <TransactionInfoSection form={form} customerName={customerName} />

        <Paper withBorder radius="md" p={narrow ? 'sm' : 'lg'} component="section" aria-label="明細">
          <Group justify="space-between" mb="md" wrap="wrap" gap="xs">
            <Title order={3} fz={16}>
              明細
            </Title>
            <Controller
              control={control}
              name="tax_mode"
              render={({ field }) => (
                <Input.Wrapper error={errors.tax_mode?.message}>
                  <SegmentedControl
                    size="xs"
                    aria-label="単価の税抜・税込"
                    value={field.value}
                    onChange={(v) => field.onChange(v as TaxMode)}
                    data={[
                      { value: 'exclusive', label: '税抜価格で入力' },
                      { value: 'inclusive', label: '税込価格で入力' },
                    ]}
                  />
                </Input.Wrapper>
              )}
            />
          </Group>
          <LinesEditor form={form as never} narrow={narrow} />
          {!narrow && (
            <Text size="xs" c="dimmed" mt="sm">
              <Kbd size="xs">Tab</Kbd> 次の項目 ・ 単価で <Kbd size="xs">Enter</Kbd> 次の行（最終行なら行を追加）・{' '}
              <Kbd size="xs">Alt</Kbd>+<Kbd size="xs">↑</Kbd>/<Kbd size="xs">↓</Kbd> 行の移動 ・{' '}
              <Kbd size="xs">Ctrl</Kbd>+<Kbd size="xs">Enter</Kbd> 保存
            </Text>
          )}
        </Paper>

        <Grid gap="lg" align="flex-start">
          <Grid.Col span={{ base: 12, sm: 7 }} order={{ base: 2, sm: 1 }}>
            <Textarea label="メモ" autosize minRows={3} {...fieldProps(form, 'memo')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 5 }} order={{ base: 1, sm: 2 }}>
            <TotalsBox totals={totals} modeLabel={`（${TAX_MODES[taxMode]}入力）`} />
          </Grid.Col>
        </Grid>

        {banner}
        <FormActions cancelTo={backTo} submitLabel={submitLabel} loading={isSubmitting} />
      </Stack>
    </form>
  );
}

/** 取引情報: customer, subject, dates, payment method and status. */
function TransactionInfoSection({
  form,
  customerName,
}: {
  form: UseFormReturn<TransactionFormValues, unknown, TransactionValues>;
  customerName?: string | null;
}) {
  const { control } = form;
  const { errors } = form.formState;
  return (
    <FormSection title="取引情報">
      <Grid>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <CustomerField
            control={control}
            name="customer_id"
            label="顧客"
            withAsterisk
            currentLabel={customerName}
            error={errors.customer_id?.message}
            onPicked={() => form.clearErrors('customer_id')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput label="件名" withAsterisk placeholder="例: 4月分 システム保守" {...fieldProps(form, 'subject')} />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 3 }}>
          <FormDateField control={control} name="transaction_date" label="取引日" withAsterisk />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 3 }}>
          <FormDateField control={control} name="due_date" label="支払期日" />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 3 }}>
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
        <Grid.Col span={{ base: 6, sm: 3 }}>
          <SelectField
            control={control}
            name="status"
            empty="0"
            label="状態"
            data={STATUS_OPTIONS}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
        </Grid.Col>
      </Grid>
    </FormSection>
  );
}
