import { bankCsvMappingDto, bankCsvMappingInput, dataOf, noContentDto, versioned } from '@chobo/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { notFound } from '../../../lib/http-errors.js';
import { companyRoute } from '../../../lib/tenant-route.js';
import {
  createMapping,
  deleteMapping,
  listMappings,
  loadMapping,
  MAPPING_NOT_FOUND,
  updateMapping,
} from '../settings-actions.js';
import { config, idParams, tags } from './shared.js';

/** 列の対応付け: /api/company/bank-csv-mappings. */
export function mappingRoutes(r: FastifyInstance) {
  const MP = '/api/company/bank-csv-mappings';
  companyRoute(
    r,
    {
      method: 'GET',
      url: MP,
      config,
      schema: { tags, summary: 'CSVの列の対応付け', response: { 200: dataOf(z.array(bankCsvMappingDto)) } },
    },
    async ({ ctx }) => ({ data: await listMappings(ctx) }),
  );
  companyRoute(
    r,
    {
      method: 'POST',
      url: MP,
      config,
      schema: {
        tags,
        summary: '列の対応付けの保存',
        body: bankCsvMappingInput,
        response: { 201: dataOf(bankCsvMappingDto) },
      },
    },
    async ({ ctx, req, reply }) => reply.code(201).send({ data: await createMapping({ ctx, input: req.body }) }),
  );
  companyRoute(
    r,
    {
      method: 'GET',
      url: `${MP}/:id`,
      config,
      schema: { tags, summary: '列の対応付け', params: idParams, response: { 200: dataOf(bankCsvMappingDto) } },
    },
    async ({ ctx, req }) => {
      const data = await loadMapping(ctx, req.params.id);
      if (!data) throw notFound(MAPPING_NOT_FOUND);
      return { data };
    },
  );
  companyRoute(
    r,
    {
      method: 'PUT',
      url: `${MP}/:id`,
      config,
      schema: {
        tags,
        summary: '列の対応付けの更新',
        params: idParams,
        body: versioned(bankCsvMappingInput),
        response: { 200: dataOf(bankCsvMappingDto) },
      },
    },
    async ({ ctx, req }) => ({ data: await updateMapping({ ctx, input: { ...req.body, id: req.params.id } }) }),
  );
  companyRoute(
    r,
    {
      method: 'DELETE',
      url: `${MP}/:id`,
      config,
      schema: { tags, summary: '列の対応付けの削除', params: idParams, response: { 204: noContentDto } },
    },
    async ({ ctx, req, reply }) => {
      await deleteMapping({ ctx, input: { id: req.params.id } });
      return reply.code(204).send();
    },
  );
}
