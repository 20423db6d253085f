import { useTranslation } from 'react-i18next';
import type { ToastMessage } from '../../../../domain/errors';

/** Why the last attempt (an appeal, a chat message) was refused, under what was typed: a catalogue key or the server's translated text. */
export function ProblemLine(props: { problem: ToastMessage | undefined }) {
  const { t } = useTranslation();
  const { problem } = props;
  if (!problem) return null;
  return (
    <p role="alert" className="down" style={{ margin: '8px 0 0' }}>
      {'key' in problem ? t(problem.key) : problem.text}
    </p>
  );
}
