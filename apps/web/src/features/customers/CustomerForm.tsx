import {
  CUSTOMER_USED_FOR,
  type CustomerValues,
  customerInput,
  dueDateFromTerms,
  formatDateJa,
  HONORIFICS,
  isValidPostalCode,
  MONTH_END_DAY,
  normalizePostalCode,
  PAYMENT_MONTH_OFFSETS,
  paymentTermsLabel,
  todayInTokyo,
} from '@chobo/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Grid, Group, Input, SegmentedControl, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconAlertCircle, IconMapSearch } from '@tabler/icons-react';
import { useMemo, useRef, useState } from 'react';
import { Controller, type Resolver, type UseFormReturn, useForm, useWatch } from 'react-hook-form';
import { FormActions } from '../../components/FormActions';
import { FormSection } from '../../components/FormSection';
import { SelectField } from '../../components/fields/SelectField';
import { ApiError } from '../../lib/api';
import { fieldProps } from '../../lib/field-props';
import { handleFormError, removeServerError, setServerError } from '../../lib/form-errors';
import { notifyError } from '../../lib/notify';
import { searchZipcode, usePrefectures } from './api';
import { BankAccountSection } from './BankAccountSection';
import { CUSTOMER_FIELDS, type CustomerFormValues, toCustomerInput } from './form-values';
import { RegistryNote } from './RegistryNote';
import { SimilarCustomersNote } from './SimilarCustomersNote';

export const ZIP_NOT_FOUND = '該当する住所が見つかりませんでした';

const CLOSING_DAYS = [
  ...Array.from({ length: 30 }, (_, i) => ({ value: String(i + 1), label: `${i + 1}日` })),
  { value: String(MONTH_END_DAY), label: '末日' },
];
const PAYMENT_MONTH_OPTIONS = Object.entries(PAYMENT_MONTH_OFFSETS).map(([value, label]) => ({ value, label }));
const USED_FOR_OPTIONS = Object.entries(CUSTOMER_USED_FOR).map(([value, label]) => ({ value, label }));

type Form = UseFormReturn<CustomerFormValues, unknown, CustomerValues>;

const zod = zodResolver(customerInput) as unknown as Resolver<CustomerFormValues, unknown, CustomerValues>;
/** The contract's resolver over what it reads: an empty 振込先 is none. */
const resolver: Resolver<CustomerFormValues, unknown, CustomerValues> = (values, context, options) =>
  zod(toCustomerInput(values) as CustomerFormValues, context, options);

/**
 * The one customer form of /company/customers/create and /edit. Fields and rules come from the shared
 * contract `customerInput`; server 422 errors appear under their fields.
 */
export function CustomerForm({
  defaultValues,
  submitLabel,
  onSubmit,
  backTo = '/company/customers',
  customerId = null,
}: {
  defaultValues: CustomerFormValues;
  submitLabel: string;
  backTo?: string;
  /** The customer being edited (left out of 「同じ顧客が既に登録されています」). */
  customerId?: number | null;
  onSubmit: (values: CustomerValues) => Promise<unknown>;
}) {
  const form = useForm<CustomerFormValues, unknown, CustomerValues>({ resolver, defaultValues, mode: 'onSubmit' });
  const { formState } = form;
  const { errors, isSubmitting } = formState;
  const prefectures = usePrefectures();
  const prefectureOptions = useMemo(
    () =>
      Object.entries(prefectures)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([value, label]) => ({ value, label })),
    [prefectures],
  );
  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      handleFormError(form, error, CUSTOMER_FIELDS);
    }
  });

  const lookup = useAddressLookup(form);

  return (
    <form onSubmit={submit} noValidate aria-label="顧客情報">
      <Stack gap="lg">
        {errors.root?.server?.message && (
          <Alert color="danger" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {errors.root.server.message}
          </Alert>
        )}

        <BasicSection form={form} />
        <SimilarCustomersNote control={form.control} customerId={customerId} />
        <AddressSection form={form} lookup={lookup} prefectureOptions={prefectureOptions} />
        <ContactSection form={form} />
        <TermsSection form={form} />
        <BankAccountSection form={form} />

        <FormSection title="メモ">
          <Textarea aria-label="メモ" autosize minRows={3} maxRows={10} {...fieldProps(form, 'memo')} />
        </FormSection>

        <FormActions cancelTo={backTo} submitLabel={submitLabel} loading={isSubmitting} />
      </Stack>
    </form>
  );
}

interface AddressLookup {
  lookingUp: boolean;
  lookupAddress: (raw: string) => Promise<void>;
  postal: ReturnType<Form['register']>;
}

/** The postal code's address lookup: on 7 digits typed (once per code) or on 住所検索, fills 都道府県 and 住所1. */
function useAddressLookup(form: Form): AddressLookup {
  const { register } = form;
  const [lookingUp, setLookingUp] = useState(false);
  const lastLookup = useRef<string | null>(null);

  const lookupAddress = async (raw: string) => {
    const zipcode = normalizePostalCode(raw.trim());
    if (!isValidPostalCode(zipcode)) {
      setServerError(form, 'postal_code', '郵便番号は7桁の数字で入力してください（例: 100-0001）');
      return;
    }
    lastLookup.current = zipcode;
    setLookingUp(true);
    try {
      const { results } = await searchZipcode(zipcode);
      const first = results?.[0];
      if (!first) {
        setServerError(form, 'postal_code', ZIP_NOT_FOUND);
        return;
      }
      removeServerError(form, 'postal_code');
      form.setValue('prefecture_code', first.prefecture_code, { shouldDirty: true });
      form.setValue('address1', `${first.city}${first.town}`, { shouldDirty: true });
      form.clearErrors(['prefecture_code', 'address1']);
      form.setFocus('address2');
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) {
        setServerError(form, 'postal_code', error.errors.zipcode ?? error.message);
      } else if (!(error instanceof ApiError && error.status === 401)) {
        notifyError(error instanceof Error ? error.message : '住所を検索できませんでした。');
      }
    } finally {
      setLookingUp(false);
    }
  };

  const postal = register('postal_code', {
    onChange: (event) => {
      const zipcode = normalizePostalCode(String(event.target.value).trim());
      if (isValidPostalCode(zipcode) && zipcode !== lastLookup.current) void lookupAddress(zipcode);
    },
  });

  return { lookingUp, lookupAddress, postal };
}

/** A SegmentedControl bound to one form field, with the field's label and error. */
function SegmentedField({
  control,
  name,
  label,
  data,
}: {
  control: Form['control'];
  name: 'honorific' | 'used_for';
  label: string;
  data: { value: string; label: string }[] | string[];
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Input.Wrapper label={label} error={fieldState.error?.message}>
          <SegmentedControl
            fullWidth
            aria-label={label}
            data={data}
            value={field.value}
            onChange={(value) => field.onChange(value)}
          />
        </Input.Wrapper>
      )}
    />
  );
}

/** 基本情報: name, kana, 敬称, 用途. */
function BasicSection({ form }: { form: Form }) {
  const { control } = form;
  return (
    <FormSection title="基本情報">
      <Grid gap="md">
        <Grid.Col span={6}>
          <TextInput label="顧客名" required autoFocus {...fieldProps(form, 'name')} />
        </Grid.Col>
        <Grid.Col span={6}>
          <TextInput label="顧客名（カナ）" placeholder="カブシキガイシャ..." {...fieldProps(form, 'name_kana')} />
        </Grid.Col>
        <Grid.Col span={4}>
          <SegmentedField control={control} name="honorific" label="敬称" data={[...HONORIFICS]} />
        </Grid.Col>
        <Grid.Col span={8}>
          <SegmentedField control={control} name="used_for" label="用途" data={USED_FOR_OPTIONS} />
        </Grid.Col>
      </Grid>
    </FormSection>
  );
}

/** 所在地: the postal code looks the address up (zipcloud through the server). */
function AddressSection({
  form,
  lookup,
  prefectureOptions,
}: {
  form: Form;
  lookup: AddressLookup;
  prefectureOptions: { value: string; label: string }[];
}) {
  const { control } = form;
  const { errors } = form.formState;
  return (
    <FormSection title="所在地">
      <Grid gap="md">
        <Grid.Col span={5}>
          <Group gap="xs" align="flex-start" wrap="nowrap">
            <TextInput
              label="郵便番号"
              placeholder="100-0001"
              description="7桁を入力すると住所を自動で検索します"
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={8}
              error={errors.postal_code?.message}
              style={{ flex: 1 }}
              {...lookup.postal}
            />
            <Button
              variant="light"
              mt={44}
              leftSection={<IconMapSearch size={16} />}
              loading={lookup.lookingUp}
              onClick={() => void lookup.lookupAddress(form.getValues('postal_code') ?? '')}
            >
              住所検索
            </Button>
          </Group>
        </Grid.Col>
        <Grid.Col span={7} />
        <Grid.Col span={4}>
          <SelectField
            control={control}
            name="prefecture_code"
            label="都道府県"
            placeholder="選択してください"
            data={prefectureOptions}
            searchable
            clearable
            nothingFoundMessage="該当する都道府県がありません"
          />
        </Grid.Col>
        <Grid.Col span={8}>
          <TextInput label="住所1" placeholder="市区町村・町名・番地" {...fieldProps(form, 'address1')} />
        </Grid.Col>
        <Grid.Col span={12}>
          <TextInput label="住所2" placeholder="建物名・部屋番号など" {...fieldProps(form, 'address2')} />
        </Grid.Col>
      </Grid>
    </FormSection>
  );
}

/** 連絡先. */
function ContactSection({ form }: { form: Form }) {
  return (
    <FormSection title="連絡先">
      <Grid gap="md">
        <Grid.Col span={4}>
          <TextInput label="電話番号" type="tel" placeholder="03-1234-5678" {...fieldProps(form, 'tel')} />
        </Grid.Col>
        <Grid.Col span={4}>
          <TextInput label="携帯電話番号" type="tel" placeholder="090-1234-5678" {...fieldProps(form, 'mobile')} />
        </Grid.Col>
        <Grid.Col span={4}>
          <TextInput label="FAX番号" type="tel" {...fieldProps(form, 'fax')} />
        </Grid.Col>
        <Grid.Col span={6}>
          <TextInput
            label="メールアドレス"
            type="email"
            placeholder="info@example.co.jp"
            {...fieldProps(form, 'email')}
          />
        </Grid.Col>
        <Grid.Col span={6}>
          <TextInput label="ウェブサイト" type="url" placeholder="https://" {...fieldProps(form, 'url')} />
        </Grid.Col>
        <Grid.Col span={6}>
          <TextInput label="担当者名" {...fieldProps(form, 'contact_person')} />
        </Grid.Col>
        <Grid.Col span={6}>
          <TextInput label="部署名" {...fieldProps(form, 'department')} />
        </Grid.Col>
      </Grid>
    </FormSection>
  );
}

/** 取引条件: 登録番号, 締め日, 支払条件. */
function TermsSection({ form }: { form: Form }) {
  const { control } = form;
  const [closing, offset, day] = useWatch({ control, name: ['closing_day', 'payment_month_offset', 'payment_day'] });
  const terms = {
    closing_day: closing ? Number(closing) : null,
    payment_month_offset: offset === '' || offset === undefined ? null : Number(offset),
    payment_day: day ? Number(day) : null,
  };
  const example = dueDateFromTerms(todayInTokyo(), terms);
  return (
    <FormSection
      title="取引条件"
      description="適格請求書（インボイス）の登録番号と支払条件です。支払条件があれば、受注取引・請求書・発注取引の支払期日を入力しなかったときに自動で設定します。"
    >
      <Grid gap="md">
        <Grid.Col span={{ base: 12, sm: 5 }}>
          <TextInput
            label="登録番号"
            placeholder="T1234567890123"
            description="「T」＋13桁の数字"
            maxLength={14}
            {...fieldProps(form, 'registration_number')}
          />
          <RegistryNote control={form.control as never} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 7 }}>
          <TextInput
            label="支払条件（備考）"
            placeholder="手形90日 など"
            description="締め日・支払日で表せない条件"
            {...fieldProps(form, 'payment_terms')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <SelectField
            control={control}
            name="closing_day"
            label="締め日"
            placeholder="選択してください"
            data={CLOSING_DAYS}
            clearable
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <SelectField
            control={control}
            name="payment_month_offset"
            label="支払月"
            placeholder="選択してください"
            data={PAYMENT_MONTH_OPTIONS}
            clearable
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <SelectField
            control={control}
            name="payment_day"
            label="支払日"
            placeholder="選択してください"
            data={CLOSING_DAYS}
            clearable
          />
        </Grid.Col>
        {example && (
          <Grid.Col span={12}>
            <Text size="sm" c="dimmed" data-testid="terms-example">
              {paymentTermsLabel(terms)}（今日の取引なら支払期日は{formatDateJa(example)}）
            </Text>
          </Grid.Col>
        )}
      </Grid>
    </FormSection>
  );
}
