import { ADMIN_PERMISSION_LABELS, type AdminPermission } from '@chobo/core';
import type { MailMessage } from '../../lib/mail.js';

const fmt = (d: Date) =>
  new Intl.DateTimeFormat('ja-JP', {
    timeZone: 'Asia/Tokyo',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(d);

export function adminInvitationMail(opts: {
  serviceName: string;
  appUrl: string;
  to: string;
  name: string;
  permissions: string[];
  token: string;
  expiresAt: Date;
}): MailMessage {
  const link = `${opts.appUrl}/register_admin?token=${encodeURIComponent(opts.token)}`;
  const perms = opts.permissions.map((p) => ADMIN_PERMISSION_LABELS[p as AdminPermission] ?? p).join('、');
  return {
    to: opts.to,
    subject: `【${opts.serviceName}】管理者アカウントへの招待`,
    body: [
      `${opts.name} 様`,
      '',
      `${opts.serviceName} の管理者として招待されました。`,
      `下のリンクから、${fmt(opts.expiresAt)}までにお名前とパスワードを設定して登録を完了してください。リンクは一度だけ使えます。`,
      '',
      link,
      '',
      `付与される権限: ${perms || 'なし'}`,
      '',
      'このメールに心当たりがない場合は、何もせずに破棄してください。',
      '',
      '――',
      opts.serviceName,
    ].join('\n'),
  };
}

export function companyInvitationMail(opts: {
  serviceName: string;
  appUrl: string;
  to: string;
  companyName: string;
  token: string;
  expiresAt: Date;
}): MailMessage {
  const link = `${opts.appUrl}/register?token=${encodeURIComponent(opts.token)}`;
  return {
    to: opts.to,
    subject: `【${opts.serviceName}】${opts.companyName} 様 ご利用開始のご案内`,
    body: [
      `${opts.companyName} ご担当者様`,
      '',
      `${opts.serviceName} へのご招待をお送りします。`,
      `下のリンクから、${fmt(opts.expiresAt)}までにお名前とパスワードを設定して、企業アカウントの登録を完了してください。リンクは一度だけ使えます。`,
      '',
      link,
      '',
      'このメールに心当たりがない場合は、何もせずに破棄してください。',
      '',
      '――',
      opts.serviceName,
    ].join('\n'),
  };
}
