import type { API, InlineTool, InlineToolConstructorOptions } from '@editorjs/editorjs';
import { isHttpUrl } from '../lib/content.js';
import { LINK_ICON, UNLINK_ICON } from './icons.js';

/**
 * Inline links inside text. Editor.js ships one named `link`, but Pencraft's link *block* must carry that
 * name, so this is the inline tool under another name: http(s) addresses only.
 */
export class InlineLinkTool implements InlineTool {
  static isInline = true;
  static title = 'Link';

  static get sanitize() {
    return { a: { href: true, target: '_blank', rel: 'nofollow noopener' } };
  }

  private readonly api: API;
  private button: HTMLButtonElement | null = null;
  private input: HTMLInputElement | null = null;
  private opened = false;
  private fakeBackground = false;

  constructor({ api }: InlineToolConstructorOptions) {
    this.api = api;
  }

  get shortcut(): string {
    return 'CMD+K';
  }

  render(): HTMLElement {
    this.button = document.createElement('button');
    this.button.type = 'button';
    this.button.className = 'ce-inline-tool';
    this.button.innerHTML = LINK_ICON;
    return this.button;
  }

  renderActions(): HTMLElement {
    this.input = document.createElement('input');
    this.input.className = 'ce-inline-tool-input';
    this.input.placeholder = this.api.i18n.t('Add a link');
    this.input.setAttribute('aria-label', this.api.i18n.t('Add a link'));
    this.input.enterKeyHint = 'done';
    this.input.addEventListener('keydown', (event) => {
      if (event.key === 'Enter') this.enterPressed(event);
    });
    return this.input;
  }

  surround(range: Range | null): void {
    if (range) {
      if (this.opened) {
        this.api.selection.restore();
        this.removeFakeBackground();
      } else {
        this.api.selection.setFakeBackground();
        this.fakeBackground = true;
        this.api.selection.save();
      }
      const anchor = this.api.selection.findParentTag('A');
      if (anchor) {
        if (this.opened) {
          this.close();
          this.checkState();
        } else {
          this.api.selection.expandToTag(anchor);
          document.execCommand('unlink');
          this.close();
          this.checkState();
          this.api.inlineToolbar.close();
        }
        return;
      }
    }
    if (this.opened) this.close();
    else this.open(true);
  }

  checkState(): boolean {
    const anchor = this.api.selection.findParentTag('A');
    if (this.button) {
      this.button.innerHTML = anchor ? UNLINK_ICON : LINK_ICON;
      this.button.classList.toggle('ce-inline-tool--active', Boolean(anchor));
    }
    if (anchor && this.input) {
      this.open(false);
      this.input.value = anchor.getAttribute('href') ?? '';
      this.api.selection.save();
    }
    return Boolean(anchor);
  }

  clear(): void {
    this.close();
  }

  private open(focus: boolean): void {
    this.input?.classList.add('ce-inline-tool-input--showed');
    if (focus) this.input?.focus();
    this.opened = true;
  }

  private close(): void {
    this.removeFakeBackground();
    this.input?.classList.remove('ce-inline-tool-input--showed');
    if (this.input) this.input.value = '';
    this.opened = false;
  }

  private removeFakeBackground(): void {
    if (!this.fakeBackground) return;
    this.api.selection.removeFakeBackground();
    this.fakeBackground = false;
  }

  private enterPressed(event: KeyboardEvent): void {
    event.preventDefault();
    event.stopPropagation();
    let value = this.input?.value.trim() ?? '';
    if (!value) {
      this.api.selection.restore();
      document.execCommand('unlink');
      this.close();
      return;
    }
    if (!/^[a-z][a-z0-9+.-]*:/i.test(value)) value = `https://${value}`;
    if (!isHttpUrl(value)) {
      this.api.notifier.show({ message: this.api.i18n.t('invalid'), style: 'error' });
      return;
    }
    this.api.selection.restore();
    this.removeFakeBackground();
    const anchor = this.api.selection.findParentTag('A');
    if (anchor) this.api.selection.expandToTag(anchor);
    document.execCommand('createLink', false, value);
    window.getSelection()?.collapseToEnd();
    this.api.inlineToolbar.close();
    this.close();
  }
}
