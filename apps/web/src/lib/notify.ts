import { notifications } from '@mantine/notifications';

/** Typed toasts (bottom-left, queued — see the Notifications provider). */
export type ToastType = 'success' | 'error' | 'warning' | 'info';

const COLORS: Record<ToastType, string> = { success: 'success', error: 'danger', warning: 'warning', info: 'info' };
const TITLES: Record<ToastType, string> = { success: '完了', error: 'エラー', warning: '注意', info: 'お知らせ' };

export function toast(type: ToastType, message: string, opts?: { title?: string; id?: string }): void {
  notifications.show({
    id: opts?.id,
    color: COLORS[type],
    title: opts?.title ?? TITLES[type],
    message,
    autoClose: type === 'error' ? 8000 : 4000,
    withBorder: true,
    'data-toast-type': type,
  });
}

export const notifySuccess = (message: string, title?: string) => toast('success', message, { title });
export const notifyError = (message: string, title?: string) => toast('error', message, { title });
export const notifyWarning = (message: string, title?: string) => toast('warning', message, { title });
export const notifyInfo = (message: string, title?: string) => toast('info', message, { title });
