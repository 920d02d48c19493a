/** /auth/login: sign in with a password or a one-time password. */
import { Callout, Card, H2, Intent, Tab, Tabs } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { appConfigQuery, useBrand } from '../../app/appConfig';
import { OtpSignInForm } from './OtpSignInForm';
import { PasswordSignInForm } from './PasswordSignInForm';
import { useSignIn } from './useSignIn';
import './auth.css';

export function LoginPage() {
  const brand = useBrand();
  const demo = useQuery(appConfigQuery).data?.demo ?? false;
  const { error } = useSignIn();
  return (
    <main className="kosh-auth">
      <Card className="kosh-auth__card" elevation={2}>
        <H2>Sign in to {brand}</H2>
        {error && (
          <Callout intent={Intent.DANGER} className="kosh-auth__error" role="alert">
            {error}
          </Callout>
        )}
        <Tabs id="signin-method" large renderActiveTabPanelOnly>
          <Tab id="password" title="Password" panel={<PasswordSignInForm />} />
          <Tab id="otp" title="One-time password" panel={<OtpSignInForm />} />
        </Tabs>
        <p className="kosh-auth__links">
          <Link to="/auth/forgot-password">Forgot password?</Link>
        </p>
        {demo && (
          <Callout intent={Intent.PRIMARY} icon="info-sign" className="kosh-auth__demo">
            Demo mode: every demo login uses the password printed at start. One-time passwords for demo addresses appear in the{' '}
            <Link to="/dev/outbox">demo outbox</Link>.
          </Callout>
        )}
      </Card>
    </main>
  );
}
