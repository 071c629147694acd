import type { BlockToolConstructorOptions } from '@editorjs/editorjs';
import Embed, { type EmbedData } from '@editorjs/embed';
import { parseYouTubeUrl, youTubeEmbedUrl } from '@pencraft/ui';
import { makeError, makeInput, showError } from './dom.js';
import { VIDEO_ICON } from './icons.js';

const YOUTUBE_URL = /^(https?:\/\/(?:www\.|m\.)?(?:youtube\.com|youtu\.be)\/\S+)$/;
const WIDTH = 580;
const HEIGHT = 320;

function embedFor(source: string): string {
  const video = parseYouTubeUrl(source);
  return video ? youTubeEmbedUrl(video) : '';
}

/**
 * @editorjs/embed for YouTube only, saved as block type `video`: the toolbox asks for a link, pasted
 * YouTube links turn into this block, and the player is the privacy-enhanced youtube-nocookie.com one.
 */
export class VideoTool extends Embed {
  static get toolbox() {
    return { title: 'Video', icon: VIDEO_ICON };
  }

  static get sanitize() {
    return {
      service: true,
      source: true,
      embed: true,
      width: true,
      height: true,
      caption: { br: true, b: true, i: true },
    };
  }

  static override prepare(): void {
    Embed.prepare({
      config: {
        services: {
          youtube: {
            regex: YOUTUBE_URL,
            embedUrl: '<%= remote_id %>',
            html: `<iframe style="width:100%;" height="${HEIGHT}" frameborder="0" referrerpolicy="strict-origin-when-cross-origin" allow="encrypted-media; picture-in-picture; fullscreen"></iframe>`,
            height: HEIGHT,
            width: WIDTH,
            id: (groups: string[]) => embedFor(groups[0] ?? ''),
          },
        },
      },
    });
    // Only YouTube: drop the other services the plugin enables by default.
    Embed.services = { youtube: Embed.services.youtube! };
    Embed.patterns = { youtube: YOUTUBE_URL };
  }

  private readonly options: BlockToolConstructorOptions<EmbedData>;

  constructor(options: BlockToolConstructorOptions<EmbedData>) {
    super(options);
    this.options = options;
  }

  override render(): HTMLElement {
    const { api, readOnly } = this.options;
    const t = (key: string) => api.i18n.t(key);
    if (this.data.service) {
      const player = super.render();
      // A frame needs an accessible name.
      player.querySelector('iframe')?.setAttribute('title', t('frameTitle'));
      return player;
    }
    const form = document.createElement('div');
    form.className = `${api.styles.block} pc-ed-tool pc-ed-video`;
    const input = makeInput({
      className: 'pc-ed-tool__input',
      type: 'url',
      label: t('url'),
      placeholder: t('urlPlaceholder'),
      value: '',
      readOnly,
    });
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'pc-ed-tool__button';
    button.textContent = t('add');
    const error = makeError();
    form.append(input, button, error);
    const submit = () => {
      const source = input.value.trim();
      const embed = embedFor(source);
      if (!embed) return showError(error, t('invalid'));
      this.data = { service: 'youtube', source, embed, width: WIDTH, height: HEIGHT };
      this.options.block.dispatchChange();
    };
    button.addEventListener('click', submit);
    input.addEventListener('keydown', (event) => {
      if (event.key === 'Enter') submit();
    });
    // The plugin swaps `element` for the player once data is set.
    (this as unknown as { element: HTMLElement | null }).element = form;
    return form;
  }

  validate(data: EmbedData): boolean {
    return data.service === 'youtube' && Boolean(embedFor(data.source));
  }
}
