export { initials, safeImageUrl } from './avatar.js';
export { Button, type ButtonProps } from './Button.js';
export { Captcha, CAPTCHA_CHALLENGE_URL, type CaptchaProps } from './captcha/Captcha.js';
export { Checkbox, type CheckboxProps } from './Checkbox.js';
export { Dialog, type DialogKind, type DialogProps } from './Dialog.js';
export { EmptyState, type EmptyStateProps } from './EmptyState.js';
export { ErrorBoundary, type ErrorBoundaryProps } from './ErrorBoundary.js';
export { Loaded, type LoadedProps } from './Loaded.js';
export { LoadingOverlay, type LoadingOverlayProps } from './LoadingOverlay.js';
export { Select, type SelectOption, type SelectProps } from './Select.js';
export { Spinner, type SpinnerProps } from './Spinner.js';
export { TextField, type TextFieldProps } from './TextField.js';
export { FeedbackProvider, useFeedback, type Feedback } from './feedback.js';
export {
  EDITOR_DRAFT_PREFIX,
  SessionProvider,
  toSessionUser,
  useSession,
  type Session,
  type SessionState,
  type SessionUser,
  type UserInfo,
} from './session.js';
export {
  api,
  ApiError,
  createApiClient,
  parseApiError,
  CSRF_COOKIE,
  CSRF_HEADER,
  type ApiClient,
  type ApiClientOptions,
  type ApiData,
  type ApiErrorDetail,
  type ApiErrorParams,
  type ApiInit,
  type ApiPath,
  type paths,
  type Schemas,
} from './api.js';
export { errorMessage, spreadError, type SpreadError } from './errors.js';
export { formatDate, formatDateTime } from './format.js';
export { useLoad, type Load } from './useLoad.js';
export {
  runFormSubmit,
  useFormSubmit,
  type FieldErrors,
  type FormSubmit,
  type FormSubmitOptions,
  type FormSubmitState,
} from './useFormSubmit.js';
export { readCookie, documentCookie } from './cookies.js';
export { readStorage, writeStorage, removeStorage } from './storage.js';
export { useDocumentMeta } from './document-meta.js';
export {
  InitialDataProvider,
  INITIAL_DATA_ID,
  readInitialData,
  resetInitialData,
  takeInitialData,
  useInitialData,
  type InitialDataPayload,
} from './initial-data.js';
export { parseYouTubeUrl, youTubeEmbedUrl, type YouTubeVideo } from './youtube.js';
export type {
  CatalogueLoader,
  CatalogueModule,
  NavIcon,
  NavPlacement,
  PageModule,
  RemoteManifest,
  RemoteNavEntry,
  RemoteRoute,
  RemoteRoutesModule,
} from './remote.js';
