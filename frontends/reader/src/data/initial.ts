// The initial data the server rendered a page with (useInitialData of @pencraft/ui, read from #pc-data): the value
// under a key, null when the server answered the page as not found, undefined when nothing is embedded.
export { useInitialData } from '@pencraft/ui';
