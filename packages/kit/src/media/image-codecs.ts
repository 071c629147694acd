/** sharp and file-type, as a service that handles pictures uses them. */
export interface ImageCodecs {
  sharp: typeof import('sharp').default;
  fileTypeFromBuffer: typeof import('file-type').fileTypeFromBuffer;
}

let codecs: Promise<ImageCodecs> | undefined;

/**
 * sharp (libvips) and file-type, loaded with the first picture a process handles, once: most processes never get an
 * upload, and sharp adds about 20 MiB resident to the process that loads it (issue #19, memory). Both are optional
 * peers of the kit: a service that handles pictures has them in its own dependencies. A failed load is tried again
 * with the next picture.
 */
export function loadImageCodecs(): Promise<ImageCodecs> {
  codecs ??= Promise.all([import('sharp'), import('file-type')]).then(
    ([images, types]) => ({ sharp: images.default, fileTypeFromBuffer: types.fileTypeFromBuffer }),
    (error: unknown) => {
      codecs = undefined;
      throw error;
    },
  );
  return codecs;
}
