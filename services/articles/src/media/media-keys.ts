/** Every editor image of a user lives under this folder of the object store. */
export function articleMediaPrefix(uid: string): string {
  return `articles/${uid}/`;
}

/** The folder of one image: articles/<uid>/<id>/. */
export function imageFolder(uid: string, id: string): string {
  return `${articleMediaPrefix(uid)}${id}/`;
}

/** The folder a key of an image lies in (everything up to its last slash), or undefined for a key outside one. */
export function folderOf(key: string): string | undefined {
  const slash = key.lastIndexOf('/');
  return key.startsWith('articles/') && slash > 0 ? key.slice(0, slash + 1) : undefined;
}
