import { useFormikContext } from 'formik';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { PASSWORD_RULE, loadPasswordStrength } from '../../../domain/validation';

const Meter = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
  margin: -8px 0 14px;
  font-size: 12px;
  color: ${({ theme }) => theme.color.textDim};
  .bars { display: grid; grid-template-columns: repeat(4, 1fr); gap: 3px; flex: 1; max-width: 160px; }
  .bar { height: 4px; border-radius: 2px; background: ${({ theme }) => theme.color.border}; }
  .bar.lit[data-score='0'], .bar.lit[data-score='1'] { background: ${({ theme }) => theme.color.down}; }
  .bar.lit[data-score='2'] { background: ${({ theme }) => theme.color.warn}; }
  .bar.lit[data-score='3'], .bar.lit[data-score='4'] { background: ${({ theme }) => theme.color.up}; }
`;

const SCORE_KEY = ['safety.strength.0', 'safety.strength.1', 'safety.strength.2', 'safety.strength.3', 'safety.strength.4'] as const;

/**
 * The strength of the password typed in Formik field `name` (issue 35), as the server will judge
 * it: zxcvbn-ts's 0–4 (passwordStrength.ts, fetched with the first keystroke, never with /home);
 * 3 or more is accepted. `related`: the account the password is for, which the server also scores
 * against (a password built on it is weak there, so it must not look strong here). The score is
 * presentation state: the form's own schema applies the rule.
 */
export function PasswordMeter(props: { name: string; related?: readonly string[] }) {
  const { t } = useTranslation();
  const { values } = useFormikContext<Record<string, string>>();
  const value = values[props.name] ?? '';
  const [score, setScore] = useState<number | undefined>(undefined);
  const relatedKey = props.related?.join('\n') ?? '';
  // effect: scores the typed password with the strength library, loaded on first use (a third-party module).
  useEffect(() => {
    let current = true;
    if (!value) {
      setScore(undefined);
      return undefined;
    }
    const related = relatedKey ? relatedKey.split('\n') : [];
    void loadPasswordStrength().then((strength) => {
      const estimate = strength.passwordScore(value, related);
      if (current) setScore(PASSWORD_RULE.test(value) ? estimate : Math.min(1, estimate));
    });
    return () => {
      current = false;
    };
  }, [value, relatedKey]);
  if (!value) return null;
  return (
    <Meter role="status" aria-live="polite" data-testid={`strength-${props.name}`} data-score={score ?? ''}>
      <span>{t('safety.strength.label')}</span>
      <span className="bars" aria-hidden="true">
        {[1, 2, 3, 4].map((bar) => (
          <span key={bar} className={`bar${score !== undefined && (score >= bar || (bar === 1 && score === 0)) ? ' lit' : ''}`} data-score={score ?? ''} />
        ))}
      </span>
      <span>{score === undefined ? t('safety.strength.checking') : t(SCORE_KEY[score] ?? 'safety.strength.0')}</span>
    </Meter>
  );
}
