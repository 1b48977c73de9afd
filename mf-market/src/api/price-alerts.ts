// The `alerts` calls of docs/api/price-alerts.md that stock details uses (set, see, edit and
// delete one stock's alerts), injected into the SDK's base api (model: mf-funds/src/api/funds.ts)
// and typed by the shared schemas. The form shows refusals itself, so every call is `silent`
// and the component reads `error.message` (already translated).
import { api, type KabutoQueryArgs } from '@kabuto/shared-sdk';
import type { PriceAlertDirection, PriceAlertKind, PriceAlertList, PriceAlertView } from '@kabuto/shared-sdk/schemas';

/** The rule as the form sends it (priceAlertCreateFormSchema / priceAlertUpdateFormSchema check it on the server). */
export interface AlertRuleArgs {
  kind: PriceAlertKind;
  /** Yen text, for above / below. */
  price?: string;
  /** Percent text, for move. */
  movePercent?: string;
  direction?: PriceAlertDirection;
}

type AlertParams = Record<string, string | number | undefined>;

const alerts = (action: string, params?: AlertParams): KabutoQueryArgs => ({ group: 'alerts', action, params, silent: true });

export const priceAlertsApi = api.enhanceEndpoints({ addTagTypes: ['PriceAlerts'] }).injectEndpoints({
  endpoints: (builder) => ({
    getStockAlerts: builder.query<PriceAlertList, { code: string }>({
      query: ({ code }) => alerts('list', { code }),
      providesTags: ['PriceAlerts'],
    }),
    createAlert: builder.mutation<PriceAlertView, AlertRuleArgs & { code: string }>({
      query: (form) => alerts('create', { ...form }),
      invalidatesTags: ['PriceAlerts'],
    }),
    updateAlert: builder.mutation<PriceAlertView, AlertRuleArgs & { id: number }>({
      query: (form) => alerts('update', { ...form }),
      invalidatesTags: ['PriceAlerts'],
    }),
    deleteAlert: builder.mutation<null, { id: number }>({
      query: ({ id }) => alerts('delete', { id }),
      invalidatesTags: ['PriceAlerts'],
    }),
  }),
});

export const { useGetStockAlertsQuery, useCreateAlertMutation, useUpdateAlertMutation, useDeleteAlertMutation } = priceAlertsApi;
