/** A labelled text input for the custom tools; Enter and Backspace stay inside it (not Editor.js actions). */
export function makeInput(options: {
  className: string;
  label: string;
  placeholder: string;
  value: string;
  type?: string;
  readOnly: boolean;
}): HTMLInputElement {
  const input = document.createElement('input');
  input.type = options.type ?? 'text';
  input.className = options.className;
  input.placeholder = options.placeholder;
  input.value = options.value;
  input.readOnly = options.readOnly;
  input.setAttribute('aria-label', options.label);
  input.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' || event.key === 'Backspace' || event.key === 'Delete') event.stopPropagation();
    if (event.key === 'Enter') event.preventDefault();
  });
  input.addEventListener('paste', (event) => event.stopPropagation());
  return input;
}

export function makeError(): HTMLElement {
  const error = document.createElement('p');
  error.className = 'pc-ed-tool__error';
  error.setAttribute('role', 'alert');
  error.hidden = true;
  return error;
}

export function showError(element: HTMLElement, message: string | null): void {
  element.textContent = message ?? '';
  element.hidden = !message;
}
