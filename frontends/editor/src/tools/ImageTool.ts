import type { BlockAPI, BlockToolConstructorOptions, PasteEvent } from '@editorjs/editorjs';
import SimpleImage, { type SimpleImageData } from '@editorjs/simple-image';
import { toImageUrl } from '../lib/content.js';
import { makeError, makeInput, showError } from './dom.js';
import { IMAGE_ICON } from './icons.js';

/**
 * @editorjs/simple-image with an address field (images are entered by URL until the object store
 * exists): https addresses or paths on this site, no base64 files.
 */
export class ImageTool extends SimpleImage {
  static get toolbox() {
    return { title: 'Image', icon: IMAGE_ICON };
  }

  static override get pasteConfig() {
    return {
      patterns: { image: /^https:\/\/\S+\.(gif|jpe?g|png|webp|avif)(\?\S*)?$/i },
      tags: [{ img: { src: true } }],
    };
  }

  static override get sanitize() {
    return {
      url: true,
      caption: { br: true, b: true, i: true },
      withBorder: true,
      withBackground: true,
      stretched: true,
    };
  }

  private readonly blockApi: BlockAPI;

  constructor(options: BlockToolConstructorOptions<Partial<SimpleImageData>>) {
    super(options);
    this.blockApi = options.block;
  }

  /** As the plugin's own, but stretches through the BlockAPI (the plugin's blocks.stretchBlock is deprecated). */
  protected override _acceptTuneView(): void {
    const holder = this.nodes.imageHolder;
    for (const [tune, modifier] of [
      ['withBorder', 'with-border'],
      ['withBackground', 'with-background'],
      ['stretched', 'stretched'],
    ] as const) {
      holder?.classList.toggle(`${this.CSS.imageHolder}--${modifier}`, Boolean(this.data[tune]));
    }
    this.blockApi.stretched = Boolean(this.data.stretched);
  }

  override render(): HTMLElement {
    const wrapper = super.render();
    const t = (key: string) => this.api.i18n.t(key);
    const caption = this.nodes.caption;
    if (caption) caption.dataset.placeholder = t('Enter a caption');
    const loader = wrapper.querySelector<HTMLElement>(`.${this.CSS.loading}`) ?? wrapper;
    const error = makeError();
    const form = document.createElement('div');
    form.className = 'pc-ed-tool pc-ed-image';
    const input = makeInput({
      className: 'pc-ed-tool__input',
      type: 'url',
      label: t('url'),
      placeholder: t('urlPlaceholder'),
      value: '',
      readOnly: this.readOnly,
    });
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'pc-ed-tool__button';
    button.textContent = t('add');
    form.append(input, button, error);

    const showForm = (message: string | null) => {
      wrapper.classList.remove(this.CSS.loading);
      if (loader !== wrapper) loader.hidden = true;
      if (!form.isConnected) wrapper.prepend(form);
      showError(error, message);
    };
    const submit = () => {
      const url = toImageUrl(input.value, window.location.origin);
      if (!url) return showError(error, t('invalid'));
      form.remove();
      wrapper.classList.add(this.CSS.loading);
      if (loader !== wrapper) loader.hidden = false;
      this.data = { url };
    };
    button.addEventListener('click', submit);
    input.addEventListener('keydown', (event) => {
      if (event.key === 'Enter') submit();
    });
    if (this.nodes.image) this.nodes.image.onerror = () => showForm(t('loadFailed'));
    if (!this.data.url && !this.readOnly) showForm(null);
    return wrapper;
  }

  override onPaste(event: PasteEvent): void {
    // Dropped or pasted files would become base64 data: not accepted.
    if (event.type === 'file') return;
    super.onPaste(event);
  }

  override save(element: HTMLElement): SimpleImageData {
    const data = super.save(element);
    return { ...data, url: toImageUrl(data.url, window.location.origin) ?? '' };
  }

  validate(data: SimpleImageData): boolean {
    return Boolean(data.url && toImageUrl(data.url));
  }
}
