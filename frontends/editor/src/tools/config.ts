import type { I18nDictionary, ToolConstructable, ToolSettings } from '@editorjs/editorjs';
import CodeTool from '@editorjs/code';
import Header from '@editorjs/header';
import Quote from '@editorjs/quote';
import Table from '@editorjs/table';
import { EDITOR_IMAGE_MAX_BYTES } from '@pencraft/rules';
import type { TFunction } from 'i18next';
import { HEADER_TOOLBOX } from './headers.js';
import { ImageTool, type ImageToolConfig } from './ImageTool.js';
import { InlineLinkTool } from './InlineLinkTool.js';
import { LinkTool } from './LinkTool.js';
import { ListTool } from './ListTool.js';
import { VideoTool } from './VideoTool.js';

const tool = (cls: unknown) => cls as ToolConstructable;

/**
 * The block tools, under the block type names of the API: paragraph (built in, default), header, quote,
 * list, image, link, table, code, video. `inlineLink` replaces the built-in inline `link` tool, whose
 * name the link block takes.
 */
export function editorTools(image?: ImageToolConfig): Record<string, ToolSettings | ToolConstructable> {
  const inline = ['bold', 'italic', 'inlineLink'];
  return {
    inlineLink: { class: tool(InlineLinkTool) },
    paragraph: { inlineToolbar: inline },
    header: {
      class: tool(Header),
      toolbox: HEADER_TOOLBOX,
      inlineToolbar: inline,
      config: { levels: [1, 2, 3], defaultLevel: 2 },
    },
    quote: { class: tool(Quote), inlineToolbar: inline },
    list: { class: tool(ListTool), inlineToolbar: inline, config: { defaultStyle: 'unordered' } },
    image: { class: tool(ImageTool), ...(image ? { config: image } : {}) },
    link: { class: tool(LinkTool), isInternal: false } as ToolSettings,
    table: { class: tool(Table), inlineToolbar: inline },
    code: { class: tool(CodeTool) },
    video: { class: tool(VideoTool) },
  };
}

/** Editor.js's own texts, from the `editor` namespace. */
export function editorMessages(t: TFunction<'editor'>): I18nDictionary {
  const e = (key: string) => t(`editorjs.${key}`);
  return {
    ui: {
      blockTunes: { toggler: { 'Click to tune': e('clickToTune'), 'or drag to move': e('dragToMove') } },
      inlineToolbar: { converter: { 'Convert to': e('convertTo') } },
      toolbar: { toolbox: { Add: e('add') } },
      popover: { Filter: e('filter'), 'Nothing found': e('nothingFound'), 'Convert to': e('convertTo') },
    },
    toolNames: {
      Text: t('tools.text'),
      Heading: t('tools.heading'),
      'Heading 1': t('tools.heading1'),
      'Heading 2': t('tools.heading2'),
      'Heading 3': t('tools.heading3'),
      'Unordered List': t('tools.unorderedList'),
      'Ordered List': t('tools.orderedList'),
      Quote: t('tools.quote'),
      Image: t('tools.image'),
      Link: t('tools.link'),
      Table: t('tools.table'),
      Code: t('tools.code'),
      Video: t('tools.video'),
      Bold: t('tools.bold'),
      Italic: t('tools.italic'),
    },
    tools: {
      stub: { Error: e('stubError'), 'The block can not be displayed correctly.': e('stubText') },
      header: { 'Heading 1': t('tools.heading1'), 'Heading 2': t('tools.heading2'), 'Heading 3': t('tools.heading3') },
      quote: {
        'Enter a quote': e('enterQuote'),
        'Enter a caption': e('enterCaption'),
        'Align Left': e('alignLeft'),
        'Align Center': e('alignCenter'),
      },
      list: {
        Unordered: e('unordered'),
        Ordered: e('ordered'),
        'Start with': e('startWith'),
        'Counter type': e('counterType'),
        Numeric: e('numeric'),
        'Lower Roman': e('lowerRoman'),
        'Upper Roman': e('upperRoman'),
        'Lower Alpha': e('lowerAlpha'),
        'Upper Alpha': e('upperAlpha'),
      },
      table: {
        'With headings': e('withHeadings'),
        'Without headings': e('withoutHeadings'),
        Stretch: e('stretch'),
        Collapse: e('collapse'),
        'Add column to left': e('addColumnLeft'),
        'Add column to right': e('addColumnRight'),
        'Delete column': e('deleteColumn'),
        'Add row above': e('addRowAbove'),
        'Add row below': e('addRowBelow'),
        'Delete row': e('deleteRow'),
        Heading: e('tableHeading'),
      },
      code: { 'Enter a code': e('enterCode') },
      image: {
        'Add Border': e('addBorder'),
        'Stretch Image': e('stretchImage'),
        'Add Background': e('addBackground'),
        'Enter a caption': e('enterCaption'),
        url: t('imageTool.url'),
        urlPlaceholder: t('imageTool.urlPlaceholder'),
        add: t('imageTool.add'),
        invalid: t('imageTool.invalid'),
        loadFailed: t('imageTool.loadFailed'),
        upload: t('imageTool.upload'),
        imageAlt: t('imageTool.imageAlt'),
        uploading: t('imageTool.uploading'),
        fileType: t('imageTool.fileType'),
        fileSize: t('imageTool.fileSize', { max: EDITOR_IMAGE_MAX_BYTES / (1024 * 1024) }),
      },
      video: {
        'Enter a caption': e('enterCaption'),
        url: t('videoTool.url'),
        urlPlaceholder: t('videoTool.urlPlaceholder'),
        add: t('videoTool.add'),
        frameTitle: t('videoTool.frameTitle'),
        invalid: t('videoTool.invalid'),
      },
      link: {
        url: t('linkTool.url'),
        urlPlaceholder: t('linkTool.urlPlaceholder'),
        titlePlaceholder: t('linkTool.titlePlaceholder'),
        invalid: t('linkTool.invalid'),
      },
      inlineLink: { 'Add a link': e('addLink'), invalid: e('invalidLink') },
    },
    blockTunes: {
      delete: { Delete: e('delete'), 'Click to delete': e('clickToDelete') },
      moveUp: { 'Move up': e('moveUp') },
      moveDown: { 'Move down': e('moveDown') },
    },
  };
}
