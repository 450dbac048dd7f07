import { INFO_AUDIENCES, type Info, type InfoInput, infoInput } from '@chobo/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, SegmentedControl, SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { FormActions } from '../../components/FormActions';
import { FormSection } from '../../components/FormSection';
import { PageHeader } from '../../components/PageHeader';
import { RecordPage } from '../../components/record-page/RecordPage';
import type { RecordVersion } from '../../lib/conflict';
import { fieldProps } from '../../lib/field-props';
import { handleFormError } from '../../lib/form-errors';
import { notifySuccess } from '../../lib/notify';
import { CompanySelect, DomainSelect } from './AudienceSelect';
import { fromLocalInput, INFOS_KEY, saveInfo, toLocalInput, useInfo } from './api';

const FIELDS = [
  'title',
  'body',
  'published_at',
  'ends_at',
  'audience',
  'domain_id',
  'company_id',
  'is_important',
] as const;

function InfoForm({ info, version }: { info?: Info; version?: RecordVersion }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const form = useForm<InfoInput>({
    resolver: zodResolver(infoInput),
    defaultValues: {
      title: info?.title ?? '',
      body: info?.body ?? '',
      published_at: toLocalInput(info?.published_at ?? new Date().toISOString()),
      ends_at: toLocalInput(info?.ends_at),
      audience: info?.audience ?? 'all',
      domain_id: info?.domain_id ?? null,
      company_id: info?.company_id ?? null,
      is_important: info?.is_important ?? false,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const audience = form.watch('audience');
  const onSubmit = form.handleSubmit(async (values) => {
    const body = {
      ...values,
      published_at: fromLocalInput(values.published_at),
      ends_at: fromLocalInput(values.ends_at),
    };
    try {
      if (info && version) {
        const saved = await version.save((updated_at) => saveInfo(info.id, { ...body, updated_at }));
        if (!saved) return;
      } else await saveInfo(null, body);
      await client.invalidateQueries({ queryKey: [INFOS_KEY] });
      notifySuccess(info ? 'お知らせを更新しました' : 'お知らせを作成しました');
      navigate('/system/infos');
    } catch (error) {
      handleFormError(form, error, FIELDS);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md" maw={860}>
        {version?.alert}
        {errors.root?.server?.message && <Alert color="danger">{errors.root.server.message}</Alert>}
        <FormSection title="内容">
          <Stack gap="sm">
            <TextInput label="タイトル" required {...fieldProps(form, 'title')} />
            <Textarea label="本文" required autosize minRows={6} {...fieldProps(form, 'body')} />
            <Switch label="重要なお知らせとして表示する" {...form.register('is_important')} />
          </Stack>
        </FormSection>
        <FormSection title="掲載">
          <Stack gap="sm">
            <SimpleGrid cols={2}>
              <TextInput type="datetime-local" label="公開日時" required {...fieldProps(form, 'published_at')} />
              <TextInput type="datetime-local" label="掲載終了日時（任意）" {...fieldProps(form, 'ends_at')} />
            </SimpleGrid>
            <Controller
              control={form.control}
              name="audience"
              render={({ field }) => (
                <SegmentedControl
                  aria-label="対象"
                  value={field.value as string}
                  onChange={field.onChange}
                  data={Object.entries(INFO_AUDIENCES).map(([value, label]) => ({ value, label }))}
                />
              )}
            />
            {audience === 'domain' && (
              <Controller
                control={form.control}
                name="domain_id"
                render={({ field }) => (
                  <DomainSelect value={field.value} onChange={field.onChange} error={errors.domain_id?.message} />
                )}
              />
            )}
            {audience === 'company' && (
              <Controller
                control={form.control}
                name="company_id"
                render={({ field }) => (
                  <CompanySelect value={field.value} onChange={field.onChange} error={errors.company_id?.message} />
                )}
              />
            )}
          </Stack>
        </FormSection>
        <FormActions cancelTo="/system/infos" submitLabel={info ? '更新する' : '作成する'} loading={isSubmitting} />
      </Stack>
    </form>
  );
}

/** /system/infos/create */
export function InfoCreatePage() {
  return (
    <>
      <PageHeader title="お知らせの作成" />
      <InfoForm />
    </>
  );
}

/** /system/infos/{id}/edit */
export function InfoEditPage() {
  const raw = Number(useParams().id);
  const id = Number.isInteger(raw) && raw > 0 ? raw : null;
  const query = useInfo(id);
  return (
    <RecordPage
      title="お知らせの編集"
      noun="お知らせ"
      id={id}
      query={query}
      anyErrorIsMissing
      notFoundDescription={null}
      back={{ to: '/system/infos', label: 'お知らせ一覧に戻る' }}
      skeleton={[320]}
    >
      {(record, version) => (
        <>
          <PageHeader title="お知らせの編集" />
          <InfoForm key={version.generation} info={record} version={version} />
        </>
      )}
    </RecordPage>
  );
}
