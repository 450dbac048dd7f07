import { type Product, type ProductValues, productInput, TAX_CATEGORIES, TAX_CATEGORY_LABELS } from '@chobo/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Grid, Input, SegmentedControl, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { FormActions } from '../../components/FormActions';
import { FormSection } from '../../components/FormSection';
import { NumberField } from '../../components/fields';
import { handleFormError } from '../../lib/form-errors';

export interface ProductFormValues {
  code: string;
  name: string;
  unit: string;
  unit_price: number | string;
  tax_category: ProductValues['tax_category'];
  description: string;
  is_active: boolean;
}
const FIELDS = Object.keys(productInput.shape);
const resolver = zodResolver(productInput) as unknown as Resolver<ProductFormValues, unknown, ProductValues>;

export function toProductFormValues(p?: Product | null): ProductFormValues {
  return {
    code: p?.code ?? '',
    name: p?.name ?? '',
    unit: p?.unit ?? '',
    unit_price: p?.unit_price ?? '',
    tax_category: p?.tax_category ?? '10',
    description: p?.description ?? '',
    is_active: p?.is_active ?? true,
  };
}

/** The product form of /company/products/create and /edit (contract: productInput). */
export function ProductForm({
  defaultValues,
  submitLabel,
  onSubmit,
  backTo,
}: {
  defaultValues: ProductFormValues;
  submitLabel: string;
  onSubmit: (values: ProductValues) => Promise<unknown>;
  backTo: string;
}) {
  const form = useForm<ProductFormValues, unknown, ProductValues>({ resolver, defaultValues });
  const { register, control, formState } = form;
  const { errors, isSubmitting } = formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      handleFormError(form, error, FIELDS);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="商品情報">
      <Stack gap="lg">
        {errors.root?.server?.message && (
          <Alert color="danger" icon={<IconAlertCircle size={16} />}>
            {errors.root.server.message}
          </Alert>
        )}
        <FormSection title="基本情報">
          <Grid>
            <Grid.Col span={4}>
              <TextInput
                label="商品コード"
                withAsterisk
                data-autofocus
                autoFocus
                {...register('code')}
                error={errors.code?.message}
              />
            </Grid.Col>
            <Grid.Col span={8}>
              <TextInput label="商品名" withAsterisk {...register('name')} error={errors.name?.message} />
            </Grid.Col>
            <Grid.Col span={3}>
              <TextInput label="単位" placeholder="個・箱・式" {...register('unit')} error={errors.unit?.message} />
            </Grid.Col>
            <Grid.Col span={4}>
              <Controller
                control={control}
                name="unit_price"
                render={({ field }) => (
                  <NumberField
                    label="単価（円）"
                    withAsterisk
                    thousandSeparator=","
                    allowDecimal={false}
                    allowNegative={false}
                    value={field.value}
                    onChange={(v) => field.onChange(v)}
                    onBlur={field.onBlur}
                    ref={field.ref}
                    error={errors.unit_price?.message}
                  />
                )}
              />
            </Grid.Col>
            <Grid.Col span={5}>
              <Controller
                control={control}
                name="tax_category"
                render={({ field }) => (
                  <Input.Wrapper label="税区分" withAsterisk error={errors.tax_category?.message}>
                    <SegmentedControl
                      fullWidth
                      aria-label="税区分"
                      value={field.value}
                      onChange={(v) => field.onChange(v)}
                      data={TAX_CATEGORIES.map((c) => ({ value: c, label: TAX_CATEGORY_LABELS[c] }))}
                    />
                  </Input.Wrapper>
                )}
              />
            </Grid.Col>
            <Grid.Col span={12}>
              <Textarea
                label="説明"
                autosize
                minRows={2}
                {...register('description')}
                error={errors.description?.message}
              />
            </Grid.Col>
            <Grid.Col span={12}>
              <Controller
                control={control}
                name="is_active"
                render={({ field }) => (
                  <Switch
                    label="有効（請求書などで選べる）"
                    checked={field.value}
                    onChange={(e) => field.onChange(e.currentTarget.checked)}
                  />
                )}
              />
            </Grid.Col>
          </Grid>
        </FormSection>
        <FormActions cancelTo={backTo} submitLabel={submitLabel} loading={isSubmitting} />
      </Stack>
    </form>
  );
}
