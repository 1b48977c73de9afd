// The `alerts` calls the price alerts page uses (docs/api/price-alerts.md): every alert of mine,
// and delete. Injected into the SDK's base api (model: mf-funds/src/api/funds.ts), typed by the
// shared schemas; `silent`, so the page shows refusals itself.
import { api, type KabutoQueryArgs } from '@kabuto/shared-sdk';
import type { PriceAlertList } from '@kabuto/shared-sdk/schemas';

const alerts = (action: string, params?: Record<string, string | number | undefined>): KabutoQueryArgs => ({ group: 'alerts', action, params, silent: true });

export const priceAlertsApi = api.enhanceEndpoints({ addTagTypes: ['PriceAlerts'] }).injectEndpoints({
  endpoints: (builder) => ({
    getMyAlerts: builder.query<PriceAlertList, void>({
      query: () => alerts('list'),
      providesTags: ['PriceAlerts'],
    }),
    deleteMyAlert: builder.mutation<null, { id: number }>({
      query: ({ id }) => alerts('delete', { id }),
      invalidatesTags: ['PriceAlerts'],
    }),
  }),
});

export const { useGetMyAlertsQuery, useDeleteMyAlertMutation } = priceAlertsApi;
