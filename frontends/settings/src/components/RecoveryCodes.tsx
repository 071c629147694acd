import { Button } from '@pencraft/ui';
import { useEffect, useId, useRef, useState } from 'react';
import { useSettingsTranslation } from '../i18n.js';

/** The text file a person keeps: one code a line, with a line saying what they are. */
export function recoveryCodesFile(heading: string, codes: readonly string[]): string {
  return `${heading}\n\n${codes.join('\n')}\n`;
}

/**
 * The ten recovery codes, shown once: copy them or download them as a text file, then say they are kept.
 * (A data: address, since the site's CSP admits data: but not blob: documents.)
 */
export function RecoveryCodes({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  const { t } = useSettingsTranslation();
  const id = useId();
  const [copied, setCopied] = useState<string>();
  const heading = useRef<HTMLHeadingElement>(null);
  // The codes replace the form that was focused: keyboard and screen-reader users continue at their heading.
  useEffect(() => heading.current?.focus(), []);
  const file = recoveryCodesFile(t('mfa.codesFileHeading'), codes);

  return (
    <div className="pc-settings__codes" aria-labelledby={`${id}-title`} role="group">
      <h3 id={`${id}-title`} ref={heading} tabIndex={-1}>
        {t('mfa.codesTitle')}
      </h3>
      <p className="pc-settings__text">{t('mfa.codesText')}</p>
      <ol className="pc-settings__code-list" data-recovery-codes>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="pc-settings__actions">
        <Button
          variant="secondary"
          onClick={() => {
            navigator.clipboard.writeText(file).then(
              () => setCopied(t('mfa.copied')),
              () => setCopied(t('mfa.copyFailed')),
            );
          }}
        >
          {t('mfa.copy')}
        </Button>
        <a
          className="pc-button pc-button--secondary"
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(file)}`}
          download="pencraft-recovery-codes.txt"
        >
          {t('mfa.download')}
        </a>
        <Button onClick={onDone}>{t('mfa.codesDone')}</Button>
      </div>
      <p className="pc-settings__saved" role="status">
        {copied ?? ''}
      </p>
    </div>
  );
}
