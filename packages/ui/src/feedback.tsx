import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { Dialog, type DialogKind } from './Dialog.js';
import { LoadingOverlay } from './LoadingOverlay.js';

export interface Feedback {
  success(message?: string): void;
  failure(message?: string): void;
  showLoading(text?: string): void;
  hideLoading(): void;
}

const noop = () => undefined;
const FeedbackContext = createContext<Feedback>({ success: noop, failure: noop, showLoading: noop, hideLoading: noop });

/** The page-wide dialog and loading overlay; the shell renders it once and remotes use `useFeedback`. */
export function FeedbackProvider({ children }: { children: ReactNode }) {
  const [dialog, setDialog] = useState<{ kind: DialogKind; message: string | undefined } | null>(null);
  const [loading, setLoading] = useState<{ text: string | undefined } | null>(null);

  const success = useCallback((message?: string) => setDialog({ kind: 'success', message }), []);
  const failure = useCallback((message?: string) => setDialog({ kind: 'failure', message }), []);
  const showLoading = useCallback((text?: string) => setLoading({ text }), []);
  const hideLoading = useCallback(() => setLoading(null), []);
  const value = useMemo(
    () => ({ success, failure, showLoading, hideLoading }),
    [success, failure, showLoading, hideLoading],
  );

  return (
    <FeedbackContext.Provider value={value}>
      {children}
      <LoadingOverlay open={loading !== null} text={loading?.text} />
      <Dialog
        open={dialog !== null}
        kind={dialog?.kind ?? 'success'}
        message={dialog?.message}
        onClose={() => setDialog(null)}
      />
    </FeedbackContext.Provider>
  );
}

export function useFeedback(): Feedback {
  return useContext(FeedbackContext);
}
