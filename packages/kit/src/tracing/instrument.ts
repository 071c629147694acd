// The preload of every service: `node --import @pencraft/kit/instrument dist/main.js`. ESM imports are linked before
// any of the service's code runs, so the instrumentations (and the loader hook that lets them patch ES modules) must
// be in place before the main module is even loaded. Configured by the standard OTEL_* variables; see tracing.ts.
// Without an exporter it only sets up propagation: no instrumentation, no loader hook (see instrumentations.ts).
import { register as registerAsyncHooks } from 'node:module';
import { registerKnownModuleFormats } from '../lifecycle/module-format.js';
import { initTracing, markPreloaded, tracingOptionsFromEnv } from './tracing.js';

// drizzle-orm's files resolved without Node's per-file parse of its 130 KB exports map (lifecycle/module-format.ts).
registerKnownModuleFormats();

const options = tracingOptionsFromEnv();
const provider = await initTracing(options);
const recording = options.exporter !== 'none';
if (recording) {
  // Loaded only with an exporter: the loader hooks and @opentelemetry/instrumentation hold about 2 MiB of V8 heap in
  // each process that loads them (issue #19, memory).
  const [{ register: registerSyncHooks, supportsSyncHooks }, { createAddHookMessageChannel }, instrumentation] =
    await Promise.all([
      import('import-in-the-middle/register-hooks.mjs'),
      import('import-in-the-middle'),
      import('./instrumentations.js'),
    ]);
  const { createInstrumentations, enableInstrumentations, instrumentedModules } = instrumentation;
  const instrumentations = await createInstrumentations();
  if (supportsSyncHooks()) {
    // In-thread hooks (Node >= 24.11.1); only the instrumented modules go through import-in-the-middle.
    registerSyncHooks({ include: instrumentedModules(instrumentations) });
    enableInstrumentations(provider, instrumentations);
  } else {
    const { registerOptions, waitForAllMessagesAcknowledged } = createAddHookMessageChannel();
    // The instrumentations' hooks reach the loader thread through the channel, which then intercepts only those.
    registerAsyncHooks('import-in-the-middle/hook.mjs', import.meta.url, registerOptions);
    enableInstrumentations(provider, instrumentations);
    await waitForAllMessagesAcknowledged();
  }
}
markPreloaded({ instrumentations: recording });
