import { JOURNAL_TAX_CATEGORIES } from '@chobo/core';

export const TAX_OPTIONS = Object.entries(JOURNAL_TAX_CATEGORIES).map(([value, label]) => ({ value, label }));
