import { notifications } from '@mantine/notifications';
import { useEffect, useRef } from 'react';
import { toast } from '../lib/notify';
import { useOnline } from '../lib/online';

/** Toasts when connectivity changes (the top bar shows the オフライン badge meanwhile). */
export function OnlineStatusWatcher() {
  const online = useOnline();
  const previous = useRef(online);
  useEffect(() => {
    if (previous.current === online) return;
    previous.current = online;
    notifications.hide(online ? 'network-offline' : 'network-online');
    if (online) toast('success', 'インターネットに再接続しました。', { title: 'オンライン', id: 'network-online' });
    else
      toast('warning', 'インターネットに接続されていません。接続が戻るまで保存できません。', {
        title: 'オフライン',
        id: 'network-offline',
      });
  }, [online]);
  return null;
}
