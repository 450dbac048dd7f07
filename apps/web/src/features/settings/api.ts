import type { SystemSettingsInput, SystemSettingsRecord } from '@chobo/core';
import { api } from '../../lib/api';

/** The platform settings (/system/settings). */
export function fetchSystemSettings() {
  return api.get<{ data: SystemSettingsRecord }>('/api/admin/settings').then((r) => r.data);
}

/** Saves the platform settings with the version they were read at; answers the saved record. */
export function saveSystemSettings(body: SystemSettingsInput & { updated_at: string }) {
  return api.put<{ data: SystemSettingsRecord }>('/api/admin/settings', body).then((r) => r.data);
}
