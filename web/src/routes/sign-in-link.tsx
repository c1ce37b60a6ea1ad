import { useEffect, useRef, useState, type FormEvent } from 'react';
import { createFileRoute, Link, redirect } from '@tanstack/react-router';
import { useMutation } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
import { useSelector } from '@xstate/react';
import { session } from '../app/services';
import { registration } from '../features/account/registration';
import { failureMessage } from '../lib/failureMessage';
import { TextField } from '../features/forms/Field';
import { PublicLayout } from '../features/layout/PublicLayout';
import { DelayedSpinner } from '../features/loading/DelayedSpinner';
import { isAuthenticated } from '../features/session/guards';
import { sessionKeys } from '../features/session/queries';
import type { SessionUser } from '../features/session/types';
import { pageTitle } from '../features/layout/documentTitle';
import { i18n } from '../i18n';

interface LinkSearch {
  token?: string;
}

/**
 * Signing in with a one-time link by e-mail (docs/security.md, "Login"): without a token, the form
 * that asks for one; with the token from the e-mail, the sign-in itself. It is the way in while
 * someone guessing the password has spent the account's login budget.
 */
export const Route = createFileRoute('/sign-in-link')({
  head: () => pageTitle(i18n.t('common:titles.signInLink')),
  validateSearch: (search: Record<string, unknown>): LinkSearch => (typeof search.token === 'string' && search.token ? { token: search.token } : {}),
  beforeLoad: async ({ context }) => {
    if (await isAuthenticated(context.session)) {
      const user = context.queryClient.getQueryData<SessionUser>(sessionKeys.user);
      throw redirect({ href: user?.isAdmin ? '/dashboard/admin' : '/dashboard' });
    }
  },
  component: SignInLinkPage,
});

function SignInLinkPage() {
  const { token } = Route.useSearch();
  return <PublicLayout>{token ? <Redeem token={token} /> : <RequestLink />}</PublicLayout>;
}

function Redeem({ token }: { token: string }) {
  const { t } = useTranslation();
  const sent = useRef(false);
  const signingIn = useSelector(session, (state) => state.hasTag('loading'));
  const error = useSelector(session, (state) => state.context.error);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    session.send({ type: 'LOGIN', credentials: { linkToken: token } });
  }, [token]);
  return (
    <section className="card" aria-labelledby="link-title">
      <h1 id="link-title">{t('signInLink.signingYouIn')}</h1>
      <DelayedSpinner loading={signingIn || !error} label={t('signInLink.signingIn')} />
      {error && !signingIn ? (
        <>
          <p className="form-error" role="alert">
            {error}
          </p>
          <Link to="/sign-in-link" className="button button--primary">
            {t('public.newLink')}
          </Link>
        </>
      ) : null}
    </section>
  );
}

function RequestLink() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const request = useMutation({ mutationFn: registration.requestSignInLink });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    request.mutate(email.trim());
  };
  if (request.isSuccess)
    return (
      <section className="card" aria-labelledby="link-sent-title" role="status">
        <h1 id="link-sent-title">{t('public.checkEmail')}</h1>
        <p>
          <Trans shouldUnescape t={t} i18nKey="signInLink.sent" values={{ email: email.trim() }} components={{ email: <strong /> }} />
        </p>
        <Link to="/" className="button button--primary">
          {t('public.returnHome')}
        </Link>
      </section>
    );
  return (
    <form className="card form" onSubmit={submit} aria-labelledby="link-request-title">
      <h1 id="link-request-title">{t('signInLink.title')}</h1>
      <p>{t('signInLink.intro')}</p>
      <TextField label={t('public.email')} type="email" required autoComplete="email" value={email} onChange={(event) => setEmail(event.target.value)} />
      {request.isError ? (
        <p className="form-error" role="alert">
          {failureMessage(request.error, t('public.requestFailed'))}
        </p>
      ) : null}
      <button type="submit" className="button button--primary button--block" disabled={request.isPending || !email.trim()}>
        {request.isPending ? t('public.sending') : t('signInLink.send')}
      </button>
      <p className="form__note">
        <Link to="/">{t('public.backToSignIn')}</Link>
      </p>
    </form>
  );
}
