// A remote's standalone page (development): remotes use the shell's Module Federation runtime (externalRuntime),
// so their own page loads this copy first, as the shell would provide it.
import * as runtimeCore from '@module-federation/runtime-tools/runtime-core';

runtimeCore.Global._FEDERATION_RUNTIME_CORE = runtimeCore;
runtimeCore.Global._FEDERATION_RUNTIME_CORE_FROM = { name: 'standalone', version: 'standalone' };
