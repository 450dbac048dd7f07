import { Button, Paper, Skeleton, Stack } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '../../lib/api';
import { type RecordVersion, useRecordVersion } from '../../lib/conflict';
import { EmptyBlock } from '../EmptyBlock';
import { PageHeader } from '../PageHeader';

/** The positive integer `?id=` of an edit page's URL, or null (the page then shows 「…が見つかりません」). */
export function useRecordId(name = 'id'): number | null {
  const [params] = useSearchParams();
  const id = Number(params.get(name));
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** What RecordPage reads of a TanStack query (or of any hook shaped like one). */
export interface RecordQuery<T> {
  data: T | undefined;
  error: Error | null;
  isError: boolean;
  refetch: () => Promise<{ data?: T | undefined }>;
}

export const NOT_FOUND_DESCRIPTION = '削除されたか、URLが正しくない可能性があります。';

export interface RecordPageProps<T extends { id: number; updated_at: string }> {
  /** The page title, in every state; a function of the record once it is loaded (e.g. 請求書 / 請求書の編集). */
  title: string | ((record: T | undefined) => string);
  /** What the record is called: 「{noun}が見つかりません」「{noun}を読み込めませんでした」. */
  noun: string;
  /** The record's id from the URL; null is "not found" without a request. */
  id: number | null;
  query: RecordQuery<T>;
  /** The way back from "not found" (the list). */
  back: { to: string; label: string };
  /** Under 「…が見つかりません」; null for none. */
  notFoundDescription?: string | null;
  /** Every load error is "not found" (not only 404 / 422). */
  anyErrorIsMissing?: boolean;
  /** Offer 「再読み込み」 on a load error (default true). */
  retry?: boolean;
  /** Whatever else the page needs has loaded too (tax settings, the chart of accounts…); until then: skeleton. */
  ready?: boolean;
  /** Heights of the skeleton blocks shown while loading. */
  skeleton?: number[];
  /** The loaded page: the record and its version (save through `version.save`, render `version.alert`). */
  children: (record: T, version: RecordVersion) => ReactNode;
}

/**
 * One create/edit page's frame, built once: the record's load (skeleton), 404 (「…が見つかりません」 with the
 * way back), a load error (its message, 「再読み込み」), and, once loaded, the record's version for optimistic
 * concurrency (lib/conflict useRecordVersion: a 409 on save shows the one ConflictAlert; its button reads the
 * record again and bumps `version.generation`, to be used in the form's key). The version is kept per record id.
 */
export function RecordPage<T extends { id: number; updated_at: string }>(props: RecordPageProps<T>) {
  const { query, id, noun, back } = props;
  const title = typeof props.title === 'function' ? props.title(query.data) : props.title;
  const error = query.error;
  const missing =
    id === null ||
    (query.isError && (props.anyErrorIsMissing || (isApiError(error) && [404, 422].includes(error.status))));
  if (missing) {
    const description = props.notFoundDescription === undefined ? NOT_FOUND_DESCRIPTION : props.notFoundDescription;
    return (
      <RecordState title={title}>
        <EmptyBlock
          title={`${noun}が見つかりません`}
          description={description ?? undefined}
          action={
            <Button component={Link} to={back.to} variant="light">
              {back.label}
            </Button>
          }
        />
      </RecordState>
    );
  }
  if (query.isError && !query.data) {
    return (
      <RecordState title={title}>
        <EmptyBlock
          title={`${noun}を読み込めませんでした`}
          description={error?.message}
          action={
            props.retry === false ? undefined : (
              <Button variant="light" onClick={() => void query.refetch()}>
                再読み込み
              </Button>
            )
          }
        />
      </RecordState>
    );
  }
  if (!query.data || props.ready === false) return <RecordSkeleton title={title} heights={props.skeleton} />;
  return (
    <Loaded key={query.data.id} record={query.data} reload={async () => (await query.refetch()).data}>
      {props.children}
    </Loaded>
  );
}

function Loaded<T extends { id: number; updated_at: string }>({
  record,
  reload,
  children,
}: {
  record: T;
  reload: () => Promise<T | undefined>;
  children: (record: T, version: RecordVersion) => ReactNode;
}) {
  // The record read again by the conflict's button: the refetch answers it before the query's own render
  // reaches this page, and the form (keyed on `generation`) must refill from it, not from the stale prop.
  const [fresh, setFresh] = useState<T | null>(null);
  const version = useRecordVersion(record, async () => {
    const read = await reload();
    if (read) setFresh(read);
    return read;
  });
  const shown = fresh && Date.parse(fresh.updated_at) >= Date.parse(record.updated_at) ? fresh : record;
  return <>{children(shown, version)}</>;
}

function RecordState({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <PageHeader title={title} />
      <Paper withBorder radius="md">
        {children}
      </Paper>
    </>
  );
}

/** The page header and grey blocks while a record (or what its form needs) loads. */
export function RecordSkeleton({ title, heights = [240, 220] }: { title: string; heights?: number[] }) {
  return (
    <>
      <PageHeader title={title} />
      <Stack gap="lg" aria-busy>
        {heights.map((height, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholder blocks
          <Skeleton key={i} height={height} radius="md" />
        ))}
      </Stack>
    </>
  );
}
