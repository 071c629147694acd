import EditorJS, { type I18nDictionary, type OutputData } from '@editorjs/editorjs';
import { useEffect, useEffectEvent, useImperativeHandle, useRef, type Ref } from 'react';
import type { EditorOutput } from '../lib/content.js';
import type { ImageToolConfig } from '../tools/ImageTool.js';
import { editorTools } from '../tools/config.js';

export interface EditorHandle {
  save(): Promise<EditorOutput>;
  /** Shows other content (the other version of a conflict) without reporting it as the writer's change. */
  load(data: EditorOutput | null): Promise<void>;
}

export interface EditorCanvasProps {
  ref: Ref<EditorHandle>;
  initialData: EditorOutput | null;
  /** Changing it re-creates Editor.js with the current content (its texts are fixed at start). */
  language: string;
  messages: I18nDictionary;
  placeholder: string;
  labelledBy: string;
  /** After any change; the content is read with `save()`. */
  onEdit(): void;
  /** Uploads of the image block. */
  image?: ImageToolConfig;
  /** Editor.js has rendered the content (it also reports that rendering as a change). */
  onReady?: () => void;
}

export function EditorCanvas({
  ref,
  initialData,
  language,
  messages,
  placeholder,
  labelledBy,
  onEdit,
  image,
  onReady,
}: EditorCanvasProps) {
  const holder = useRef<HTMLDivElement>(null);
  const editorRef = useRef<EditorJS | null>(null);
  const latest = useRef<EditorOutput | null>(initialData);
  /** Set while content is being replaced: Editor.js reports its own rendering as changes. */
  const loading = useRef(false);
  const edited = useEffectEvent(onEdit);
  const ready = useEffectEvent(() => onReady?.());
  const settings = useEffectEvent(() => ({ messages, placeholder, image }));

  useImperativeHandle(ref, () => ({
    save: async () => {
      const editor = editorRef.current;
      if (!editor) return latest.current ?? { blocks: [] };
      await editor.isReady;
      const data = (await editor.save()) as EditorOutput;
      latest.current = data;
      return data;
    },
    load: async (data) => {
      latest.current = data;
      const editor = editorRef.current;
      if (!editor) return;
      await editor.isReady;
      loading.current = true;
      try {
        if (data && data.blocks.length > 0) await editor.render(data as OutputData);
        else await editor.clear();
      } finally {
        // Editor.js reports the rendering on its next tick.
        setTimeout(() => (loading.current = false), 50);
      }
    },
  }));

  useEffect(() => {
    const container = holder.current;
    if (!container) return;
    // A fresh element per instance: the previous one may still be tearing down.
    const element = document.createElement('div');
    element.className = 'pc-editor-canvas__instance';
    container.append(element);
    const { messages: i18nMessages, placeholder: text, image: imageConfig } = settings();
    const editor = new EditorJS({
      holder: element,
      data: (latest.current as OutputData | null) ?? undefined,
      tools: editorTools(imageConfig),
      defaultBlock: 'paragraph',
      placeholder: text,
      minHeight: 160,
      i18n: { messages: i18nMessages },
      onChange: () => {
        if (!loading.current) edited();
      },
    });
    editorRef.current = editor;
    editor.isReady.then(
      () => {
        if (editorRef.current === editor) ready();
      },
      () => undefined,
    );
    return () => {
      if (editorRef.current === editor) editorRef.current = null;
      editor.isReady
        .then(() => editor.destroy())
        .catch(() => undefined)
        .finally(() => element.remove());
    };
  }, [language]);

  return <div ref={holder} className="pc-editor-canvas" role="group" aria-labelledby={labelledBy} />;
}
