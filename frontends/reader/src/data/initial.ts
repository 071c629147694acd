// The initial data the server rendered a page with (helper G's useInitialData of @pencraft/ui, once it lands):
// the value under a key, null when the server answered the page as not found, undefined when nothing is embedded.
export function useInitialData<T>(key: string): T | null | undefined {
  void key;
  return undefined;
}
