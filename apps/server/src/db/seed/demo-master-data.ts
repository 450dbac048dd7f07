import { and, eq, sql } from 'drizzle-orm';
import type { Tenant } from '../../lib/context.js';
import { demoLogoPng } from '../../lib/png.js';
import { companies, employees, products, users } from '../schema/index.js';

type Tax = '10' | '8' | 'exempt' | 'out_of_scope';

/** [name, unit, unit price, tax category] — office supplies, food (8% 軽減), services, stamps (非課税). */
const PRODUCTS: [string, string | null, number, Tax][] = [
  ['コピー用紙 A4 500枚×5冊', '箱', 3_280, '10'],
  ['コピー用紙 A3 500枚×3冊', '箱', 4_150, '10'],
  ['ボールペン 黒 0.5mm（10本）', 'パック', 980, '10'],
  ['ボールペン 赤 0.5mm（10本）', 'パック', 980, '10'],
  ['シャープペンシル 0.5mm', '本', 550, '10'],
  ['蛍光ペン 5色セット', 'セット', 660, '10'],
  ['クリアファイル A4（100枚）', 'パック', 1_540, '10'],
  ['フラットファイル A4 10冊', 'パック', 880, '10'],
  ['リングファイル A4 2穴', '冊', 420, '10'],
  ['付箋 75×75mm（10冊）', 'パック', 1_100, '10'],
  ['ホチキス針 No.10（20箱）', 'パック', 770, '10'],
  ['ホチキス 中型', '台', 1_320, '10'],
  ['電卓 12桁', '台', 2_980, '10'],
  ['トナーカートリッジ 黒', '本', 12_800, '10'],
  ['トナーカートリッジ カラー3色', 'セット', 34_500, '10'],
  ['インクジェット用紙 L判 100枚', 'パック', 990, '10'],
  ['封筒 長3 クラフト（1000枚）', '箱', 3_960, '10'],
  ['封筒 角2 クラフト（500枚）', '箱', 5_280, '10'],
  ['請求書用窓付き封筒（500枚）', '箱', 6_050, '10'],
  ['ガムテープ 50mm×50m', '巻', 330, '10'],
  ['段ボール箱 100サイズ（10枚）', 'パック', 2_200, '10'],
  ['緩衝材 エアキャップ 1200mm×42m', '巻', 3_740, '10'],
  ['USBメモリ 64GB', '個', 1_980, '10'],
  ['ワイヤレスマウス', '個', 2_480, '10'],
  ['キーボード テンキー付き', '台', 3_980, '10'],
  ['モニターアーム シングル', '台', 8_800, '10'],
  ['オフィスチェア メッシュ', '脚', 29_800, '10'],
  ['デスク 幅1200mm', '台', 38_500, '10'],
  ['ホワイトボード 900×600', '枚', 7_480, '10'],
  ['ホワイトボードマーカー 黒（10本）', 'パック', 1_650, '10'],
  ['シュレッダー クロスカット', '台', 19_800, '10'],
  ['名刺印刷 100枚', '箱', 2_750, '10'],
  ['ミネラルウォーター 500ml（24本）', 'ケース', 1_680, '8'],
  ['緑茶 ペットボトル 500ml（24本）', 'ケース', 2_380, '8'],
  ['インスタントコーヒー 80g', '瓶', 680, '8'],
  ['ドリップコーヒー（50袋）', '箱', 1_980, '8'],
  ['紅茶ティーバッグ（100袋）', '箱', 1_280, '8'],
  ['個包装クッキー 詰め合わせ', '箱', 1_500, '8'],
  ['おかき 詰め合わせ', '箱', 1_200, '8'],
  ['スティックシュガー（100本）', '袋', 420, '8'],
  ['コーヒーフレッシュ（50個）', '袋', 450, '8'],
  ['のど飴（業務用）', '袋', 580, '8'],
  ['来客用 弁当（松）', '食', 1_620, '8'],
  ['来客用 弁当（竹）', '食', 1_080, '8'],
  ['収入印紙 200円', '枚', 200, 'exempt'],
  ['収入印紙 400円', '枚', 400, 'exempt'],
  ['収入印紙 1,000円', '枚', 1_000, 'exempt'],
  ['郵便切手 84円', '枚', 84, 'exempt'],
  ['郵便切手 110円', '枚', 110, 'exempt'],
  ['レターパックプラス', '枚', 600, 'exempt'],
  ['事務所家賃（住宅部分）', '月', 85_000, 'exempt'],
  ['保守サポート 月額', '月', 15_000, '10'],
  ['PCセットアップ作業', '台', 8_000, '10'],
  ['出張費（実費精算）', '式', 0, 'out_of_scope'],
  ['立替金（送料）', '式', 0, 'out_of_scope'],
  ['①㈱髙﨑～特製 手帳', '冊', 1_430, '10'],
];

/** [code, name, kana, type, department, daily hours, hire, leave, e-mail, sign-in] */
const EMPLOYEES: [string, string, string, string, string, number, string, string | null, string | null, boolean][] = [
  ['E001', '佐藤 花子', 'サトウ ハナコ', 'full_time', '経理部', 8, '2019-04-01', null, 'employee@example.com', true],
  ['E002', '鈴木 一郎', 'スズキ イチロウ', 'full_time', '営業部', 8, '2018-04-01', null, 'suzuki@example.com', true],
  ['E003', '高橋 美咲', 'タカハシ ミサキ', 'full_time', '営業部', 8, '2020-10-01', null, 'takahashi@example.com', true],
  ['E004', '田中 健太', 'タナカ ケンタ', 'full_time', '物流部', 8, '2021-04-01', null, null, false],
  ['E005', '伊藤 さくら', 'イトウ サクラ', 'part_time', '総務部', 5.5, '2022-06-15', null, null, false],
  ['E006', '渡辺 翔', 'ワタナベ ショウ', 'contract', '物流部', 7.5, '2023-01-10', null, null, false],
  ['E007', '山本 由美', 'ヤマモト ユミ', 'part_time', '経理部', 4, '2023-09-01', null, null, false],
  ['E008', '中村 大輔', 'ナカムラ ダイスケ', 'full_time', '営業部', 8, '2017-04-01', '2025-03-31', null, false],
  ['E009', '小林 陽子', 'コバヤシ ヨウコ', 'temporary', '総務部', 7, '2024-04-01', null, null, false],
  ['E010', '加藤 誠', 'カトウ マコト', 'executive', '役員', 8, '2015-07-01', null, null, false],
];

export const DEMO_EMPLOYEE_SIGN_INS = ['suzuki@example.com', 'takahashi@example.com'];

/**
 * Demo master data of the demo company: products (10% / 8% / 非課税 / 対象外), employees (three with
 * sign-ins, one who has left), the invoice bank account, a logo and work rules.
 */
export async function seedDemoMasterData(tenant: Tenant, demoPasswordHash: string) {
  const { db: tx, companyId } = tenant;
  await tx.insert(products).values(
    PRODUCTS.map(([name, unit, unit_price, tax_category], i) => ({
      company_id: companyId,
      code: `P${String(i + 1).padStart(4, '0')}`,
      name,
      unit,
      unit_price,
      tax_category,
      description: tax_category === '8' ? '軽減税率（飲食料品）' : null,
      is_active: i !== 31,
    })),
  );
  for (const [code, name, kana, type, dept, hours, hire, leave, email, signIn] of EMPLOYEES) {
    let userId: number | null = null;
    if (email && signIn) {
      const [existing] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(sql`lower(${users.email})`, email), eq(users.company_id, companyId)));
      userId =
        existing?.id ??
        (
          await tx
            .insert(users)
            .values({ email, name, role: 'employee', company_id: companyId, password_hash: demoPasswordHash })
            .returning({ id: users.id })
        )[0].id;
    }
    await tx.insert(employees).values({
      company_id: companyId,
      user_id: userId,
      code,
      name,
      name_kana: kana,
      email,
      hire_date: hire,
      leave_date: leave,
      employment_type: type,
      department: dept,
      daily_hours_milli: Math.round(hours * 1000),
    });
  }
  await tx
    .update(companies)
    .set({
      logo_data: `data:image/png;base64,${demoLogoPng().toString('base64')}`,
      bank_accounts: [
        {
          bank_code: '0005',
          bank_name: '三菱UFJ銀行',
          branch_code: '001',
          branch_name: '本店',
          account_type: '普通',
          account_number: '1234567',
          account_holder: 'カ）サンプルショウジ',
        },
      ],
      work_start_time: '09:00',
      work_end_time: '18:00',
      break_minutes: 60,
      statutory_holiday: 0,
      closing_day: 31,
    })
    .where(eq(companies.id, companyId));
}
