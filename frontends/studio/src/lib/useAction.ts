import { errorMessage, useFeedback } from '@pencraft/ui';
import { useCallback, useState } from 'react';
import { useStudioTranslation } from '../i18n.js';

/**
 * A button's call to the API: busy while it runs (`running` names which of a list's buttons), its failure as a
 * message for the page, its success announced by the kit's feedback.
 */
export function useAction() {
  const { t } = useStudioTranslation();
  const feedback = useFeedback();
  const [running, setRunning] = useState<string>();
  const [error, setError] = useState<string>();

  const run = useCallback(
    async (key: string, call: () => Promise<unknown>, success: string): Promise<boolean> => {
      setRunning(key);
      setError(undefined);
      try {
        await call();
        feedback.success(success);
        return true;
      } catch (failure) {
        setError(errorMessage(failure, t('common:dialog.failure')));
        return false;
      } finally {
        setRunning(undefined);
      }
    },
    [feedback, t],
  );

  return { running, error, run };
}
