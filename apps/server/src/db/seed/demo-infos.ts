import type { DbOrTx } from '../client.js';
import { infos } from '../schema/index.js';

/** Demo notices (お知らせ) shown on the demo company's home: one important, one ordinary. */
export async function seedDemoInfos(db: DbOrTx): Promise<void> {
  const day = 24 * 3600_000;
  await db.insert(infos).values([
    {
      title: 'Chobo（帳簿）へようこそ',
      body: 'ご利用ありがとうございます。顧客の登録から始めて、受注・請求・会計帳簿までをひとつの画面で管理できます。\nご不明な点は運営会社までお問い合わせください。',
      published_at: new Date(Date.now() - 7 * day),
      audience: 'all',
      is_important: false,
    },
    {
      title: '年末年始のサポート窓口について',
      body: '12月29日から1月3日まではサポート窓口をお休みします。期間中のお問い合わせは1月4日以降に順次回答します。',
      published_at: new Date(Date.now() - day),
      ends_at: new Date(Date.now() + 60 * day),
      audience: 'all',
      is_important: true,
    },
  ]);
}
