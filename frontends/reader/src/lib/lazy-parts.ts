// The parts of an article's page a reader who only reads never uses, each loaded when first shown: the comment form
// (signed in), the comment and article dialogs (report, delete, collections: signed in, when opened) and the image
// viewer (when an image is opened). Each is its own chunk, outside the article view's JavaScript; render them inside
// a <Suspense> (fallback null: nothing is on screen before they are).
import { lazy, useState } from 'react';

export const CommentForm = lazy(() => import('../comments/CommentForm.js').then((m) => ({ default: m.CommentForm })));
export const ConfirmDelete = lazy(() =>
  import('../comments/ConfirmDelete.js').then((m) => ({ default: m.ConfirmDelete })),
);
export const ReportDialog = lazy(() =>
  import('../comments/ReportDialog.js').then((m) => ({ default: m.ReportDialog })),
);
export const CollectionsDialog = lazy(() =>
  import('../components/CollectionsDialog.js').then((m) => ({ default: m.CollectionsDialog })),
);
/** True from the first time `value` is true on: a part is mounted when first opened and stays (it closes itself). */
export function useShownOnce(value: boolean): boolean {
  const [shown, setShown] = useState(value);
  if (value && !shown) setShown(true);
  return shown || value;
}

export const ImageViewer = lazy(() => import('../components/ImageViewer.js').then((m) => ({ default: m.ImageViewer })));
