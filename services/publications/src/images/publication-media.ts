/**
 * Every object of a publication lives under this folder of the object store, so deleting the publication removes
 * them all, including an upload that lost a race with the deletion.
 */
export function publicationMediaPrefix(publicationId: string): string {
  return `publications/${publicationId}/`;
}
