import type { BlockAPI, BlockToolConstructorOptions, PasteEvent } from '@editorjs/editorjs';
import SimpleImage, { type SimpleImageData } from '@editorjs/simple-image';
import { EDITOR_IMAGE_MAX_BYTES, EDITOR_IMAGE_TYPES } from '@pencraft/rules';
import { toImageUrl } from '../lib/content.js';
import { makeError, makeInput, showError } from './dom.js';
import { IMAGE_ICON } from './icons.js';

export interface ImageToolConfig {
  /** Stores a JPEG or PNG (POST /api/publication/f) and answers its address on this site. */
  upload(file: File): Promise<{ url: string }>;
  /** The message of a refused upload (the server's, in the page's language). */
  errorMessage(error: unknown): string;
}

/** The browser's first look at a file (the server judges its bytes anyway): type and size of @pencraft/rules. */
export function imageFileProblem(file: File): 'type' | 'size' | undefined {
  if (!(EDITOR_IMAGE_TYPES as readonly string[]).includes(file.type)) return 'type';
  return file.size > EDITOR_IMAGE_MAX_BYTES ? 'size' : undefined;
}

/**
 * @editorjs/simple-image with an upload button (JPEG or PNG up to 2 MB, stored with resized variants by the media
 * route) and an address field (https addresses or paths on this site); no base64 files.
 */
export class ImageTool extends SimpleImage {
  static get toolbox() {
    return { title: 'Image', icon: IMAGE_ICON };
  }

  static override get pasteConfig() {
    return {
      patterns: { image: /^https:\/\/\S+\.(gif|jpe?g|png|webp|avif)(\?\S*)?$/i },
      tags: [{ img: { src: true } }],
      files: { mimeTypes: [...EDITOR_IMAGE_TYPES] },
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
  private readonly config: ImageToolConfig | undefined;
  private uploadFile: ((file: File) => void) | null = null;

  constructor(options: BlockToolConstructorOptions<Partial<SimpleImageData>, ImageToolConfig>) {
    super(options);
    this.blockApi = options.block;
    this.config = options.config;
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
    this.nodes.image?.setAttribute('alt', t('imageAlt'));
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
    const file = document.createElement('input');
    file.type = 'file';
    file.accept = [...EDITOR_IMAGE_TYPES, '.jpg', '.jpeg', '.png'].join(',');
    file.className = 'pc-visually-hidden';
    file.tabIndex = -1;
    file.setAttribute('aria-hidden', 'true');
    const choose = document.createElement('button');
    choose.type = 'button';
    choose.className = 'pc-ed-tool__button pc-ed-tool__button--primary';
    choose.textContent = t('upload');
    choose.addEventListener('click', () => file.click());
    const status = document.createElement('p');
    status.className = 'pc-ed-tool__status';
    status.setAttribute('role', 'status');
    form.append(choose, file, input, button, error, status);
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
      this.blockApi.dispatchChange();
    };
    const upload = (chosen: File) => {
      const problem = imageFileProblem(chosen);
      if (problem) return showError(error, t(problem === 'type' ? 'fileType' : 'fileSize'));
      if (!this.config) return showError(error, t('invalid'));
      showError(error, null);
      status.textContent = t('uploading');
      choose.disabled = true;
      this.config.upload(chosen).then(
        (answer) => {
          status.textContent = '';
          choose.disabled = false;
          form.remove();
          wrapper.classList.add(this.CSS.loading);
          if (loader !== wrapper) loader.hidden = false;
          this.data = { url: answer.url };
          this.blockApi.dispatchChange();
        },
        (failure: unknown) => {
          status.textContent = '';
          choose.disabled = false;
          showError(error, this.config?.errorMessage(failure) ?? t('invalid'));
        },
      );
    };
    this.uploadFile = upload;
    file.addEventListener('change', () => {
      const chosen = file.files?.[0];
      file.value = '';
      if (chosen) upload(chosen);
    });
    button.addEventListener('click', submit);
    input.addEventListener('keydown', (event) => {
      if (event.key === 'Enter') submit();
    });
    if (this.nodes.image) this.nodes.image.onerror = () => showForm(t('loadFailed'));
    if (!this.data.url && !this.readOnly) showForm(null);
    return wrapper;
  }

  override onPaste(event: PasteEvent): void {
    // A dropped or pasted file is uploaded (the plugin would keep it as base64 data).
    if (event.type === 'file') {
      const detail = event.detail as { file?: File };
      if (detail.file) this.uploadFile?.(detail.file);
      return;
    }
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
