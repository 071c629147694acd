// @editorjs/simple-image 1.6 names a type file it does not ship; this is the part Pencraft uses.
declare module '@editorjs/simple-image' {
  import type { API, BlockTool, BlockToolConstructorOptions, PasteEvent } from '@editorjs/editorjs';

  export interface SimpleImageData {
    url: string;
    caption: string;
    withBorder: boolean;
    withBackground: boolean;
    stretched: boolean;
  }

  export default class SimpleImage implements BlockTool {
    constructor(options: BlockToolConstructorOptions<Partial<SimpleImageData>>);
    protected api: API;
    protected readOnly: boolean;
    protected CSS: {
      baseClass: string;
      loading: string;
      input: string;
      wrapper: string;
      imageHolder: string;
      caption: string;
    };
    protected nodes: {
      wrapper: HTMLElement | null;
      imageHolder: HTMLElement | null;
      image: HTMLImageElement | null;
      caption: HTMLElement | null;
    };
    get data(): SimpleImageData;
    set data(value: Partial<SimpleImageData>);
    protected _acceptTuneView(): void;
    render(): HTMLElement;
    save(element: HTMLElement): SimpleImageData;
    onPaste(event: PasteEvent): void;
    renderSettings(): unknown;
    static get sanitize(): object;
    static get pasteConfig(): object;
    static get isReadOnlySupported(): boolean;
  }
}
