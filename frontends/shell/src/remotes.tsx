import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { Button, ErrorBoundary, Spinner } from '@pencraft/ui';
import { createElement, Suspense, use, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_REMOTES, parseRemotes, toRemoteList } from './lib/remotes-config.js';

let registered: Promise<void> | undefined;

/** Reads `/remotes.json` once (a deployment may mount its own) and registers the remotes it names. */
function ensureRemotes(): Promise<void> {
  registered ??= (async () => {
    let remotes: Record<string, string> = { ...DEFAULT_REMOTES };
    try {
      const response = await fetch('/remotes.json', { cache: 'no-cache', credentials: 'same-origin' });
      if (response.ok) remotes = parseRemotes(await response.json());
    } catch {
      // The defaults still point at the usual /mf/<name>/ paths.
    }
    registerRemotes(toRemoteList(remotes, window.location.href));
  })();
  return registered;
}

async function loadRemoteComponent(module: string): Promise<{ default: ComponentType }> {
  await ensureRemotes();
  const loaded = await loadRemote<{ default?: ComponentType }>(module);
  if (!loaded?.default) throw new Error(`The remote module ${module} could not be loaded`);
  return { default: loaded.default };
}

const loads = new Map<string, Promise<{ default: ComponentType }>>();

/** One load per module and attempt, so a retry loads again instead of replaying the failure. */
function remoteLoad(module: string, attempt: number): Promise<{ default: ComponentType }> {
  const key = `${module}#${attempt}`;
  let load = loads.get(key);
  if (!load) {
    load = loadRemoteComponent(module);
    loads.set(key, load);
  }
  return load;
}

/** Suspends until the module is there; a failed load throws to the error boundary. */
function RemoteContent({ module, attempt }: { module: string; attempt: number }) {
  return createElement(use(remoteLoad(module, attempt)).default);
}

function RemoteFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('common');
  return (
    <div className="pc-container pc-page">
      <div className="pc-notice" role="alert">
        <p>{t('errors.remoteFailed')}</p>
        <Button variant="secondary" onClick={onRetry}>
          {t('actions.retry')}
        </Button>
      </div>
    </div>
  );
}

function RemoteLoading() {
  const { t } = useTranslation('common');
  return (
    <div className="pc-remote-loading">
      <Spinner label={t('loading')} size="large" />
    </div>
  );
}

/**
 * Mounts one exposed module of a remote. A remote that is offline, fails to load or throws while
 * rendering shows a localised notice with a retry; the rest of the page keeps working.
 */
export function RemoteView({ module }: { module: string }) {
  const [attempt, setAttempt] = useState(0);
  return (
    <ErrorBoundary
      resetKey={`${module}#${attempt}`}
      fallback={<RemoteFailed onRetry={() => setAttempt((n) => n + 1)} />}
      onError={(error) => console.error(`[shell] remote ${module} failed`, error)}
    >
      <Suspense fallback={<RemoteLoading />}>
        <RemoteContent module={module} attempt={attempt} />
      </Suspense>
    </ErrorBoundary>
  );
}
