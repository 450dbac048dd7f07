import { bankRuleDto, bankRuleInput, bankRulePreviewDto, dataOf } from '@chobo/core';
import type { FastifyInstance } from 'fastify';
import { crudRoutes } from '../../../lib/crud-routes.js';
import { companyRoute } from '../../../lib/tenant-route.js';
import {
  createRule,
  deleteRule,
  listRules,
  loadRule,
  previewRule,
  RULE_NOT_FOUND,
  updateRule,
} from '../settings-actions.js';
import { config, tags } from './shared.js';

const RU = '/api/company/bank-rules';

/** 自動仕訳ルール: /api/company/bank-rules, and the preview of a rule over past rows. */
export function ruleRoutes(app: FastifyInstance) {
  crudRoutes(app, {
    scope: 'company',
    config,
    tags,
    updateMethods: ['PUT'],
    url: RU,
    input: bankRuleInput,
    dto: bankRuleDto,
    notFound: RULE_NOT_FOUND,
    summaries: [
      '自動仕訳ルールの一覧（優先順）',
      '自動仕訳ルールの登録',
      '自動仕訳ルール',
      '自動仕訳ルールの更新',
      '自動仕訳ルールの削除',
    ],
    list: { all: listRules },
    create: createRule,
    load: loadRule,
    update: updateRule,
    remove: deleteRule,
    more: previewRoute,
  });
}

function previewRoute(app: FastifyInstance) {
  companyRoute(
    app,
    {
      method: 'POST',
      url: `${RU}/preview`,
      config,
      schema: {
        tags,
        summary: 'ルールが過去の明細に一致するかの確認（保存しない）',
        body: bankRuleInput,
        response: { 200: dataOf(bankRulePreviewDto) },
      },
    },
    async ({ ctx, req }) => ({ data: await previewRule(ctx, req.body) }),
  );
}
