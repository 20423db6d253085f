import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from './Button';

/** A visitor's way in where trading needs an account (spec §6): Log in, then Register beside it in the quieter style. */
export function SignInButtons() {
  const { t } = useTranslation();
  return (
    <>
      <Button as={Link} to="/login">
        {t('nav.login')}
      </Button>
      <Button as={Link} to="/reg" $variant="ghost">
        {t('nav.register')}
      </Button>
    </>
  );
}
