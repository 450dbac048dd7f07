import { progressStore } from '../lib/progress';
import { useStore } from '../lib/store';

/** The 2px top progress bar (docs/product/SPEC.md §9), driven by lib/progress. */
export function ProgressBar() {
  const { visible, value } = useStore(progressStore);
  return (
    <div
      role="progressbar"
      aria-label="読み込み状況"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(value)}
      aria-hidden={!visible}
      data-visible={visible || undefined}
      style={{
        position: 'fixed',
        top: 0,
        left: 0,
        height: 2,
        width: `${value}%`,
        background: 'var(--mantine-color-primary-5)',
        boxShadow: '0 0 6px var(--mantine-color-primary-3)',
        opacity: visible ? 1 : 0,
        transition: 'width 200ms ease-out, opacity 250ms ease',
        zIndex: 4000,
        pointerEvents: 'none',
      }}
    />
  );
}
