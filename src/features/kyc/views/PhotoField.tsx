import { useFormikContext } from 'formik';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { FilePicker } from '../../../app/ui/FilePicker';

const Box = styled.div`
  display: grid;
  gap: 6px;
  .frame {
    cursor: pointer;
    height: 150px;
    border: 1px dashed ${({ theme }) => theme.color.border};
    border-radius: 6px;
    display: grid;
    place-items: center;
    overflow: hidden;
    color: ${({ theme }) => theme.color.textFaint};
    background: ${({ theme }) => theme.color.panelRaised};
  }
  .frame img { max-width: 100%; max-height: 100%; object-fit: contain; }
  .error { color: ${({ theme }) => theme.color.down}; font-size: 12px; }
`;

/** A photo input with its preview; the picked File goes into the Formik value. */
export function PhotoField(props: { name: 'front' | 'back'; labelKey: string }) {
  const { t } = useTranslation();
  const id = useId();
  const { values, errors, touched, setFieldValue, setFieldTouched } = useFormikContext<Record<string, Blob | null>>();
  const file = values[props.name];
  const preview = usePreview(file ?? null);
  const error = touched[props.name] ? errors[props.name] : undefined;
  return (
    <Box className="field">
      <label htmlFor={id} id={`${id}-label`}>
        {t(props.labelKey)}
      </label>
      {/* The preview opens the chooser too (a label of the input; the field's name stays its label's). */}
      <label htmlFor={id} className="frame">
        {preview ? <img src={preview} alt={t('identity.preview', { side: t(props.labelKey) })} /> : t('identity.noPhoto')}
      </label>
      <FilePicker
        id={id}
        accept="image/png,image/jpeg,image/webp"
        labelledBy={`${id}-label`}
        describedBy={typeof error === 'string' ? `${id}-error` : undefined}
        invalid={Boolean(error)}
        fileName={file instanceof File ? file.name : null}
        onPick={(picked) => {
          void setFieldValue(props.name, picked);
          void setFieldTouched(props.name, true, false);
        }}
      />
      {typeof error === 'string' && (
        <span className="error" id={`${id}-error`} role="alert">
          {t(error)}
        </span>
      )}
    </Box>
  );
}

/** Presentation only: a data URL of the picked file (nothing to release afterwards). */
function usePreview(file: Blob | null): string | undefined {
  const [url, setUrl] = useState<string>();
  // effect: a FileReader (DOM API) draws the picked photo's preview.
  useEffect(() => {
    if (!file) return setUrl(undefined);
    const reader = new FileReader();
    reader.onload = () => setUrl(String(reader.result));
    reader.readAsDataURL(file);
    return () => reader.abort();
  }, [file]);
  return url;
}
