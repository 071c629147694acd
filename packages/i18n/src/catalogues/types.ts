/** The same keys as the English catalogue, each a string: translations cannot miss or add a key. */
export type Messages<T> = { [K in keyof T]: T[K] extends string ? string : Messages<T[K]> };

export interface Catalogue<T> {
  az: Messages<T>;
  en: T;
  ru: Messages<T>;
}
