import { useId, useState, type FormEvent } from 'react';
import { isSecondFactorCode, isTotpCode } from '../../../domain/twoFactor';

/**
 * A 2FA code typed into a small form (the user's security settings, the operator's sign-in): the
 * authenticator's 6 digits, or with `allowRecovery` a recovery code too. The typed code is the
 * form's presentation until it is sent; a submit of a code of the wrong shape only shows the
 * problem (`invalid`), a right one is handed on trimmed.
 */
export function useTypedCode(allowRecovery: boolean | undefined, onSubmit: (code: string) => void) {
  const [code, setCode] = useState('');
  const [touched, setTouched] = useState(false);
  const id = useId();
  const valid = allowRecovery ? isSecondFactorCode(code) : isTotpCode(code);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (valid) onSubmit(code.trim());
  };
  return { id, code, setCode, invalid: touched && !valid, submit };
}
