import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { adminConfigChange, adminConfigSection, type ConfigChangeView, type ConfigSectionName } from '../../../contract';
import { errorCodeOf, errorText } from '../../api/errors';
import { useToast } from '../../ui/toastContext';
import { adminCall } from '../api';
import { useOperator } from '../session';
import { useLoad } from '../useLoad';

/**
 * A configuration section's items as they apply now and its changes waiting for approval, and
 * `save`, which sends one item's whole value: the toast says whether it applies at once (texts,
 * switches) or waits for another operator (what moves money).
 */
export function useConfigSection<T>(section: ConfigSectionName, schema: z.ZodType<T>) {
  const { t } = useTranslation();
  const toast = useToast();
  const { can } = useOperator();
  const { data, error, reload } = useLoad(() => adminCall(adminConfigSection, { params: { section } }), [section]);
  const [busy, setBusy] = useState(false);
  const sending = useRef(false);

  const items = (data?.items ?? []).flatMap((item) => {
    const parsed = schema.safeParse(item.value);
    return parsed.success ? [{ target: item.target, value: parsed.data }] : [];
  });

  const save = async (target: string, value: T): Promise<ConfigChangeView | null> => {
    if (sending.current) return null;
    sending.current = true;
    setBusy(true);
    try {
      const change = await adminCall(adminConfigChange, { params: { section, target }, body: { value } });
      toast.success(change.status === 'applied' ? t('admin.config.applied') : t('admin.config.proposed'));
      reload();
      return change;
    } catch (e) {
      toast.error(errorText(t, errorCodeOf(e)));
      return null;
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };

  return { items, pending: data?.pending ?? [], error, loading: !data && !error, reload, save, busy, canEdit: can('config.edit') };
}
