// Supporting an author (SPEC.md section 2's support system, issue #16): the button on the article page and the
// profile (only for a user whose support account is active: the API's recipient answer), the dialog that starts a
// support (an amount in ₼, whether to show one's name, a note) and sends the browser to the payment provider's hosted
// page, and, once the browser comes back with ?support={id}, that support's state and the author's thanks message.
// Nothing here credits anything: the provider's signed webhook does, and the page only reads the support's state.
import { SUPPORT_MAX_QEPIK, SUPPORT_MIN_QEPIK, formatManat } from '@pencraft/rules';
import { api, Button, useSession } from '@pencraft/ui';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useReaderTranslation } from '../i18n.js';
import { signInPath } from './Subscribe.js';

// What the page needs only once asked for: the dialog when the button is pressed, the result when the address names a
// support (each its own chunk, so an article's first view carries neither).
const SupportDialog = lazy(() => import('./SupportDialog.js'));
const SupportResultView = lazy(() => import('./SupportResult.js'));

/** Who is supported: the user the button is for. */
export interface Recipient {
  uid: string;
  username: string;
  fullname: string;
}

/** Whether the user takes supports now (an active support account); false while unknown or on a failure. */
export function useAcceptsSupport(username: string): boolean {
  const [accepts, setAccepts] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    api.get('/api/donations/recipients/{username}', { params: { path: { username } }, signal: controller.signal }).then(
      (answer) => {
        if (!controller.signal.aborted) setAccepts(answer.acceptsSupport);
      },
      () => undefined,
    );
    return () => controller.abort();
  }, [username]);
  return accepts;
}

/**
 * Whether the viewer gets a support button for the recipient: the recipient takes supports (`accepts`, the API's
 * answer), the session is known (not the server's rendering) and the viewer is someone else.
 */
export function useShowSupport(recipient: Recipient, accepts: boolean): boolean {
  const { state: session } = useSession();
  if (!accepts || session.status === 'loading') return false;
  return !(session.status === 'user' && session.user.uid === recipient.uid);
}

/**
 * The support button (only where useShowSupport says so): for a signed-in reader it opens the dialog; a visitor is
 * sent to sign in and back.
 */
export function SupportButton({
  recipient,
  articleId,
  label,
  variant = 'primary',
}: {
  recipient: Recipient;
  articleId?: string | undefined;
  label: string;
  variant?: 'primary' | 'secondary';
}) {
  const { state: session } = useSession();
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so that what was typed stays if the reader closes and opens it again.
  const [opened, setOpened] = useState(false);
  const location = useLocation();
  if (session.status === 'visitor') {
    const next = `${location.pathname}${location.search}`;
    return (
      <Link className={`pc-button pc-button--${variant}`} to={signInPath(next)} data-support-button>
        {label}
      </Link>
    );
  }
  return (
    <>
      <Button
        variant={variant}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
        aria-haspopup="dialog"
        data-support-button
      >
        {label}
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <SupportDialog recipient={recipient} articleId={articleId} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

/** Under an article: "Support the author" with the button, only when the author takes supports from this viewer. */
export function SupportAuthor({ author, articleId }: { author: Recipient; articleId: string }) {
  const { t, i18n } = useReaderTranslation();
  const accepts = useAcceptsSupport(author.username);
  const show = useShowSupport(author, accepts);
  if (!show) return null;
  return (
    <div className="pc-support-box" data-support-author>
      <p>
        {t('support.invite', {
          name: author.fullname || `@${author.username}`,
          min: formatManat(SUPPORT_MIN_QEPIK, i18n.language),
          max: formatManat(SUPPORT_MAX_QEPIK, i18n.language),
        })}
      </p>
      <SupportButton recipient={author} articleId={articleId} label={t('support.button')} />
    </div>
  );
}

/**
 * Back from the payment provider with ?support={id}: the support's state and the author's thanks (its code loads only
 * then, for a signed-in reader).
 */
export function SupportResult() {
  const { state: session } = useSession();
  const [params] = useSearchParams();
  if (!params.get('support') || session.status !== 'user') return null;
  return (
    <Suspense fallback={null}>
      <SupportResultView />
    </Suspense>
  );
}
