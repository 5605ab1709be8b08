import { useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { PageTitle } from '../../../components/ui/page-title';
import { useSession } from '../../../data/react/session-context';
import { formatDateTime, formatMoveDay } from '../../../domain/datetime';
import type { CrewJob } from '../../../domain/field';
import { formatNumber } from '../../../domain/money';
import type { FieldStatus } from '../../../domain/status';
import { useDisplayLanguage } from '../../../i18n/use-display-language';
import { useCrewJobs } from '../hooks/use-crew-jobs';
import { jobDays } from '../job-view';
import { newTap, type TapStorage } from '../tap-queue';
import { DeliveryDialog } from './delivery-dialog';
import { JobCard } from './job-card';
import '../../../components/ui/page-header.css';
import './crew-page.css';

export interface CrewPageProps {
  /** The sign-in by mobile number (the auth feature's, D13, wired in src/app). */
  SignIn: ComponentType<{ onSignedIn?: () => void }>;
  /** How often the list is read again while the page is seen (ms); 0: only on events. */
  refreshMs?: number;
  /** Where the list and the taps are kept (the browser's localStorage by default). */
  storage?: TapStorage | null;
}

/**
 * /crew (D28): the team leader's phone. Signed in by the mobile number of an active crew's
 * leader, it lists the crew's jobs of today and tomorrow, each with its next field step as one
 * big button; it works on a weak network: the last list is kept and shown offline, and taps wait
 * in a queue (tap-queue.ts) until they are sent.
 */
export function CrewPage({ SignIn, refreshMs, storage }: CrewPageProps) {
  const { t, i18n } = useTranslation(['crew', 'common', 'errors', 'validation']);
  const language = useDisplayLanguage();
  const session = useSession();
  const { user, ready } = session;
  const sessionKnown = ready !== false;
  const signedIn = user !== null && !user.anonymous;
  const crew = useCrewJobs({
    sessionKnown,
    signedIn,
    ...(refreshMs !== undefined ? { refreshMs } : {}),
    ...(storage !== undefined ? { storage } : {}),
  });
  const [delivering, setDelivering] = useState<CrewJob | null>(null);
  const [signingOut, setSigningOut] = useState(false);

  const say = (key: string) => (i18n.exists(key) ? t(key) : t('errors:unexpected'));

  const signOut = async () => {
    setSigningOut(true);
    crew.forget();
    try {
      await session.signOut();
    } finally {
      setSigningOut(false);
    }
  };

  const step = (job: CrewJob, status: FieldStatus) => {
    if (status === 'delivered') setDelivering(job);
    else crew.tap(job.orderId, newTap(status));
  };

  const { answer, load } = crew;
  // Nobody signed in (and no crew kept here), or the session ended: the sign-in is the way on.
  const askSignIn =
    sessionKnown && (load.kind === 'signedOut' || (!signedIn && load.kind === 'denied'));
  const denied = signedIn && load.kind === 'denied';
  const showJobs = answer !== null && !askSignIn && !denied;
  const offline = !crew.online || crew.stale || crew.sendFailed;

  const signOutButton = (
    <button
      type="button"
      className="btn btn-secondary"
      onClick={() => void signOut()}
      disabled={signingOut}
    >
      {t('crew:signOut')}
    </button>
  );

  return (
    <div className="container page crew-page">
      <PageTitle title={t('crew:title')} />
      <header className="page-header crew-header">
        <h1>{showJobs ? answer.crew.name : t('crew:title')}</h1>
        {showJobs && (
          <p className="crew-leader">
            {t('crew:leader', { name: answer.crew.leaderName || t('crew:noLeader') })}
          </p>
        )}
      </header>

      {!sessionKnown && <LoadingStatus>{t('crew:loading')}</LoadingStatus>}

      {askSignIn && (
        <section className="card crew-signin" aria-labelledby="crew-signin-title">
          <h2 id="crew-signin-title">{t('crew:signIn.title')}</h2>
          <p className="muted">{t('crew:signIn.body')}</p>
          <SignIn />
        </section>
      )}

      {load.kind === 'unsupported' && (
        <p className="alert alert-error" role="alert">
          {t('crew:unsupported')}
        </p>
      )}

      {denied && (
        <section className="card crew-denied" role="alert" aria-labelledby="crew-denied-title">
          <h2 id="crew-denied-title">{t('crew:denied.title')}</h2>
          <p>{say(load.messageKey)}</p>
          {signOutButton}
        </section>
      )}

      {sessionKnown && !answer && load.kind === 'loading' && (
        <LoadingStatus>{t('crew:loading')}</LoadingStatus>
      )}

      {!answer && load.kind === 'failed' && (
        <div className="alert alert-error crew-failed" role="alert">
          <p>
            <strong>{t('crew:loadError')}</strong> {say(load.messageKey)}
          </p>
          <button type="button" className="btn btn-secondary" onClick={() => void crew.retry()}>
            {t('crew:sync.retry')}
          </button>
        </div>
      )}

      {showJobs && (
        <>
          <section className="crew-sync" aria-label={t('crew:sync.label')}>
            <div aria-live="polite" className="crew-sync-live">
              {offline && (
                <p className="alert crew-offline" role="status">
                  {t('crew:sync.offline')}
                </p>
              )}
              {crew.queued.length > 0 && (
                <p className="crew-waiting" role="status">
                  {crew.sending && crew.online
                    ? t('crew:sync.sending')
                    : t('crew:sync.waiting', {
                        count: crew.queued.length,
                        value: formatNumber(crew.queued.length, language),
                      })}
                </p>
              )}
              {crew.notKept && (
                <p className="alert alert-error" role="alert">
                  {t('crew:sync.notKept')}
                </p>
              )}
            </div>
            {crew.savedAt && (
              <p className="crew-updated muted">
                {t('crew:sync.updated', { time: formatDateTime(crew.savedAt, language) })}
              </p>
            )}
            <button
              type="button"
              className="btn btn-secondary crew-retry"
              onClick={() => void crew.retry()}
              disabled={crew.sending}
            >
              {crew.queued.length > 0 ? t('crew:sync.retry') : t('crew:sync.refresh')}
            </button>
          </section>

          {jobDays(answer, crew.queued).map((day, index) => (
            <section key={day.date} className="crew-day" aria-labelledby={`crew-day-${day.date}`}>
              <h2 id={`crew-day-${day.date}`} className="crew-day-title">
                <span>{index === 0 ? t('crew:day.today') : t('crew:day.tomorrow')}</span>{' '}
                <span className="crew-day-date">{formatMoveDay(day.date, language)}</span>
              </h2>
              {day.jobs.length === 0 ? (
                <p className="muted crew-day-empty">{t('crew:day.empty')}</p>
              ) : (
                <ol className="crew-jobs">
                  {day.jobs.map((shown) => (
                    <li key={shown.job.orderId}>
                      <JobCard
                        shown={shown}
                        refusal={
                          crew.refusals[shown.job.orderId]
                            ? say(crew.refusals[shown.job.orderId]!)
                            : null
                        }
                        onStep={(status) => step(shown.job, status)}
                      />
                    </li>
                  ))}
                </ol>
              )}
            </section>
          ))}

          <div className="crew-footer">{signOutButton}</div>
        </>
      )}

      {delivering && (
        <DeliveryDialog
          job={delivering}
          onCancel={() => setDelivering(null)}
          onConfirm={(made) => {
            crew.tap(delivering.orderId, made);
            setDelivering(null);
          }}
        />
      )}
    </div>
  );
}
