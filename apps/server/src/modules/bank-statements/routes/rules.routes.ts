import { bankRuleDto, bankRuleInput, bankRulePreviewDto, dataOf, noContentDto, versioned } from '@chobo/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { notFound } from '../../../lib/http-errors.js';
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
import { config, idParams, tags } from './shared.js';

/** 自動仕訳ルール: /api/company/bank-rules. */
export function ruleRoutes(r: FastifyInstance) {
  const RU = '/api/company/bank-rules';
  companyRoute(
    r,
    {
      method: 'GET',
      url: RU,
      config,
      schema: { tags, summary: '自動仕訳ルールの一覧（優先順）', response: { 200: dataOf(z.array(bankRuleDto)) } },
    },
    async ({ ctx }) => ({ data: await listRules(ctx) }),
  );
  companyRoute(
    r,
    {
      method: 'POST',
      url: RU,
      config,
      schema: { tags, summary: '自動仕訳ルールの登録', body: bankRuleInput, response: { 201: dataOf(bankRuleDto) } },
    },
    async ({ ctx, req, reply }) => reply.code(201).send({ data: await createRule({ ctx, input: req.body }) }),
  );
  companyRoute(
    r,
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
  companyRoute(
    r,
    {
      method: 'GET',
      url: `${RU}/:id`,
      config,
      schema: { tags, summary: '自動仕訳ルール', params: idParams, response: { 200: dataOf(bankRuleDto) } },
    },
    async ({ ctx, req }) => {
      const data = await loadRule(ctx, req.params.id);
      if (!data) throw notFound(RULE_NOT_FOUND);
      return { data };
    },
  );
  companyRoute(
    r,
    {
      method: 'PUT',
      url: `${RU}/:id`,
      config,
      schema: {
        tags,
        summary: '自動仕訳ルールの更新',
        params: idParams,
        body: versioned(bankRuleInput),
        response: { 200: dataOf(bankRuleDto) },
      },
    },
    async ({ ctx, req }) => ({ data: await updateRule({ ctx, input: { ...req.body, id: req.params.id } }) }),
  );
  companyRoute(
    r,
    {
      method: 'DELETE',
      url: `${RU}/:id`,
      config,
      schema: { tags, summary: '自動仕訳ルールの削除', params: idParams, response: { 204: noContentDto } },
    },
    async ({ ctx, req, reply }) => {
      await deleteRule({ ctx, input: { id: req.params.id } });
      return reply.code(204).send();
    },
  );
}
