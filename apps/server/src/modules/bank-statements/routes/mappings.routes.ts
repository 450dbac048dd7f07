import { bankCsvMappingDto, bankCsvMappingInput } from '@chobo/core';
import type { FastifyInstance } from 'fastify';
import { crudRoutes } from '../../../lib/crud-routes.js';
import {
  createMapping,
  deleteMapping,
  listMappings,
  loadMapping,
  MAPPING_NOT_FOUND,
  updateMapping,
} from '../settings-actions.js';
import { config, tags } from './shared.js';

/** 列の対応付け: /api/company/bank-csv-mappings. */
export function mappingRoutes(app: FastifyInstance) {
  crudRoutes(app, {
    scope: 'company',
    config,
    tags,
    updateMethods: ['PUT'],
    url: '/api/company/bank-csv-mappings',
    input: bankCsvMappingInput,
    dto: bankCsvMappingDto,
    notFound: MAPPING_NOT_FOUND,
    summaries: ['CSVの列の対応付け', '列の対応付けの保存', '列の対応付け', '列の対応付けの更新', '列の対応付けの削除'],
    list: { all: listMappings },
    create: createMapping,
    load: loadMapping,
    update: updateMapping,
    remove: deleteMapping,
  });
}
