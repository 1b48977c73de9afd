// Site config (spec §7): POST /vue/common/config with type=all answers entries
// { name, value, title } (plus a _zh title variant), looked up by name (spec §3).
import { api } from './base-api';

export interface SiteConfigEntry {
  name: string;
  value: string;
  title: string;
  title_zh?: string;
}

/** The value of the entry with this name, or undefined when the config lacks it. */
export function configValue(entries: readonly SiteConfigEntry[] | undefined, name: string): string | undefined {
  return entries?.find((entry) => entry.name === name)?.value;
}

export const siteConfigApi = api.injectEndpoints({
  endpoints: (builder) => ({
    getSiteConfig: builder.query<SiteConfigEntry[], void>({
      // Screens fall back to built-in values when the config cannot be read: no toast.
      query: () => ({ group: 'common', action: 'config', params: { type: 'all' }, silent: true }),
      providesTags: ['SiteConfig'],
    }),
  }),
});

export const { useGetSiteConfigQuery } = siteConfigApi;
