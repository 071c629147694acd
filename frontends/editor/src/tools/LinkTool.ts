import type { API, BlockAPI, BlockTool, BlockToolConstructorOptions } from '@editorjs/editorjs';
import { isHttpUrl } from '../lib/content.js';
import { makeError, makeInput, showError } from './dom.js';
import { LINK_ICON } from './icons.js';

export interface LinkToolData {
  link: string;
  meta: { title?: string };
}

/** A link block: an address and an optional title (no server fetch), saved as `{ link, meta: { title } }`. */
export class LinkTool implements BlockTool {
  static get toolbox() {
    return { title: 'Link', icon: LINK_ICON };
  }

  static get isReadOnlySupported() {
    return true;
  }

  /** Plain strings, kept as typed (the default sanitizer would escape `&` in addresses). */
  static get sanitize() {
    return { link: true, meta: true };
  }

  private readonly api: API;
  private readonly block: BlockAPI;
  private readonly readOnly: boolean;
  private readonly initial: LinkToolData;
  private url: HTMLInputElement | null = null;
  private title: HTMLInputElement | null = null;

  constructor({ data, api, readOnly, block }: BlockToolConstructorOptions<Partial<LinkToolData>>) {
    this.api = api;
    this.block = block;
    this.readOnly = readOnly;
    this.initial = { link: data?.link ?? '', meta: { title: data?.meta?.title ?? '' } };
  }

  render(): HTMLElement {
    const t = (key: string) => this.api.i18n.t(key);
    const wrapper = document.createElement('div');
    wrapper.className = `${this.api.styles.block} pc-ed-tool pc-ed-link`;
    this.url = makeInput({
      className: 'pc-ed-tool__input pc-ed-link__url',
      type: 'url',
      label: t('url'),
      placeholder: t('urlPlaceholder'),
      value: this.initial.link,
      readOnly: this.readOnly,
    });
    this.title = makeInput({
      className: 'pc-ed-tool__input pc-ed-link__title',
      label: t('titlePlaceholder'),
      placeholder: t('titlePlaceholder'),
      value: this.initial.meta.title ?? '',
      readOnly: this.readOnly,
    });
    const error = makeError();
    const check = () => {
      const value = this.url?.value.trim() ?? '';
      showError(error, value && !isHttpUrl(value) ? t('invalid') : null);
    };
    this.url.addEventListener('blur', check);
    this.url.addEventListener('input', () => showError(error, null));
    // Typing in an input is no change of the DOM that Editor.js watches: the block tells it (autosave).
    for (const input of [this.url, this.title]) input.addEventListener('input', () => this.block.dispatchChange());
    wrapper.append(this.url, this.title, error);
    return wrapper;
  }

  save(): LinkToolData {
    const title = this.title?.value.trim() ?? '';
    return { link: this.url?.value.trim() ?? '', meta: title ? { title } : {} };
  }

  validate(data: LinkToolData): boolean {
    return isHttpUrl(data.link);
  }
}
