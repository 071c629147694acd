import type { API } from '@editorjs/editorjs';
import EditorjsList from '@editorjs/list';

type ListParams = ConstructorParameters<typeof EditorjsList>[0];
type MenuConfigItem = ReturnType<EditorjsList['renderSettings']>[number];

/** @editorjs/list with ordered and unordered lists only (Pencraft has no checklist block). */
export class ListTool extends EditorjsList {
  static override get toolbox() {
    const entries = super.toolbox;
    return Array.isArray(entries) ? entries.filter((entry) => entry.data?.style !== 'checklist') : entries;
  }

  private readonly editorApi: API;

  constructor(params: ListParams) {
    super(params);
    this.editorApi = params.api;
  }

  override renderSettings(): MenuConfigItem[] {
    const checklist = this.editorApi.i18n.t('Checklist');
    return super.renderSettings().filter((item) => !('label' in item) || item.label !== checklist);
  }
}
