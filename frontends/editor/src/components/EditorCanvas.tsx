import EditorJS, { type I18nDictionary, type OutputData } from '@editorjs/editorjs';
import { useEffect, useEffectEvent, useImperativeHandle, useRef, type Ref } from 'react';
import type { EditorOutput } from '../lib/content.js';
import { editorTools } from '../tools/config.js';

export interface EditorHandle {
  save(): Promise<EditorOutput>;
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
}

export function EditorCanvas({
  ref,
  initialData,
  language,
  messages,
  placeholder,
  labelledBy,
  onEdit,
}: EditorCanvasProps) {
  const holder = useRef<HTMLDivElement>(null);
  const editorRef = useRef<EditorJS | null>(null);
  const latest = useRef<EditorOutput | null>(initialData);
  const edited = useEffectEvent(onEdit);
  const settings = useEffectEvent(() => ({ messages, placeholder }));

  useImperativeHandle(ref, () => ({
    save: async () => {
      const editor = editorRef.current;
      if (!editor) return latest.current ?? { blocks: [] };
      await editor.isReady;
      const data = (await editor.save()) as EditorOutput;
      latest.current = data;
      return data;
    },
  }));

  useEffect(() => {
    const container = holder.current;
    if (!container) return;
    // A fresh element per instance: the previous one may still be tearing down.
    const element = document.createElement('div');
    element.className = 'pc-editor-canvas__instance';
    container.append(element);
    const { messages: i18nMessages, placeholder: text } = settings();
    const editor = new EditorJS({
      holder: element,
      data: (latest.current as OutputData | null) ?? undefined,
      tools: editorTools(),
      defaultBlock: 'paragraph',
      placeholder: text,
      minHeight: 160,
      i18n: { messages: i18nMessages },
      onChange: () => edited(),
    });
    editorRef.current = editor;
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
