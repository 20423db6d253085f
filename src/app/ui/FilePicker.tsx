import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Button } from './Button';

// The browser's own control (its "Choose File" in the browser's language, its grey button) is hidden from sight
// only: it keeps the focus, the keyboard (Space / Enter open the chooser), the field's name and the uploads of tests.
// Two lines at most (a long file name is cut, whole in its tooltip).
const Picker = styled.span`
  position: relative;
  display: inline-flex;
  align-items: center;
  gap: 10px;
  min-width: 0;
  max-width: 100%;
  && > input[type='file'] {
    position: absolute;
    width: 1px;
    height: 1px;
    margin: -1px;
    padding: 0;
    border: 0;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
    opacity: 0;
  }
  input:focus-visible + label { outline: 2px solid ${({ theme }) => theme.color.accent}; outline-offset: 1px; }
  input:disabled + label { opacity: 0.5; cursor: not-allowed; }
  .file {
    min-width: 0;
    overflow: hidden;
    overflow-wrap: anywhere;
    display: -webkit-box;
    -webkit-box-orient: vertical;
    -webkit-line-clamp: 2;
    line-height: 1.35;
    color: ${({ theme }) => theme.color.textDim};
    font-size: ${({ theme }) => theme.size.small};
  }
`;

/**
 * A file input drawn like the app's buttons, in the page's language: a button-styled label for the
 * hidden native input, and the picked file's name or "No file chosen" beside it (the input's
 * description). Name the input with `labelledBy` (the field's own label), so the button's text
 * does not become part of its name.
 */
export function FilePicker(props: {
  id?: string;
  name?: string;
  accept?: string;
  disabled?: boolean;
  /** Id of the field's label. */
  labelledBy?: string;
  /** Ids of more descriptions (an error message). */
  describedBy?: string;
  invalid?: boolean;
  /** The file the form holds, when it keeps one; otherwise the last one picked is shown. */
  fileName?: string | null;
  onPick: (file: File | null, input: HTMLInputElement) => void;
}) {
  const { t } = useTranslation();
  const ownId = useId();
  const id = props.id ?? ownId;
  const statusId = `${id}-file`;
  const [picked, setPicked] = useState<string | null>(null);
  const shown = props.fileName !== undefined ? props.fileName : picked;
  return (
    <Picker>
      <input
        id={id}
        name={props.name}
        type="file"
        accept={props.accept}
        disabled={props.disabled}
        aria-labelledby={props.labelledBy}
        aria-describedby={[statusId, props.describedBy].filter(Boolean).join(' ')}
        aria-invalid={props.invalid || undefined}
        onChange={(e) => {
          const file = e.currentTarget.files?.[0] ?? null;
          setPicked(file?.name ?? null);
          props.onPick(file, e.currentTarget);
        }}
      />
      <Button as="label" htmlFor={id} $variant="ghost" $small>
        {t('fileInput.choose')}
      </Button>
      <span className="file" id={statusId} title={shown ?? undefined}>
        {shown || t('fileInput.none')}
      </span>
    </Picker>
  );
}
