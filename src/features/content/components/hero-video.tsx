import { useEffect, useRef, useState } from 'react';
import { useClientValue } from '../../../components/ui/use-client-value';
import { useTranslation } from 'react-i18next';
import {
  REDUCED_MOTION_QUERY,
  useMediaQueryAfterMount,
  usePrefersSavingData,
} from '../hooks/use-media-query';
import { PauseIcon, PlayIcon, VolumeOffIcon, VolumeOnIcon } from './content-icons';
import './hero-video.css';

const media = (file: string) => `${import.meta.env.BASE_URL}media/${file}`;

/**
 * The looping hero animation (drawn by scripts/make-hero-media.sh).
 *
 * - It plays on its own only when the visitor has not asked for reduced motion and has not turned
 *   on data saver; otherwise it stays on the poster and downloads nothing until they press play.
 * - Both toggles keep a fixed label and report their state with aria-pressed ("Mute sound",
 *   pressed = muted), as the WAI-ARIA toggle-button pattern asks: a label that flips between
 *   "Mute" and "Unmute" while aria-pressed also flips would announce a double negative.
 * - The pause toggle is also what WCAG 2.2.2 needs for motion that runs longer than 5 seconds.
 */
const isLoaded = () => document.readyState === 'complete';
function subscribeToLoad(onChange: () => void): () => void {
  window.addEventListener('load', onChange);
  return () => window.removeEventListener('load', onChange);
}

/** True once the window's load event has fired (false in prerendered HTML and at first). */
function usePageLoaded(): boolean {
  return useClientValue(isLoaded, false, subscribeToLoad);
}

export function HeroVideo() {
  const { t } = useTranslation('home');
  const reducedMotion = useMediaQueryAfterMount(REDUCED_MOTION_QUERY);
  const savingData = usePrefersSavingData();
  const autoplay = !reducedMotion && !savingData;
  const videoRef = useRef<HTMLVideoElement>(null);
  const [muted, setMuted] = useState(true);
  // null: follow the visitor's motion preference; true/false: they pressed the button.
  const [userPaused, setUserPaused] = useState<boolean | null>(null);
  const pageLoaded = usePageLoaded();
  // The poster is the first paint (and the largest); the video waits until the page has loaded,
  // so its bytes never compete with what the visitor sees first.
  const paused = userPaused ?? !(autoplay && pageLoaded);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    if (paused) {
      video.pause();
      return;
    }
    const playing = video.play();
    // A browser may still refuse to play (iOS low-power mode): show the play button then.
    playing?.catch?.((error: unknown) => {
      if (error instanceof DOMException && error.name === 'NotAllowedError') setUserPaused(true);
    });
  }, [paused]);

  useEffect(() => {
    // No picture-in-picture or casting for a decorative loop. Set as properties: HTML has no
    // such attributes (the Nu checker refuses them), only the browsers' DOM has.
    const video = videoRef.current;
    if (!video) return;
    video.disablePictureInPicture = true;
    video.disableRemotePlayback = true;
  }, []);

  useEffect(() => {
    // React sets `muted` only as a property on updates; keep the element in step explicitly.
    if (videoRef.current) videoRef.current.muted = muted;
  }, [muted]);

  return (
    <div className="hero-video">
      <video
        ref={videoRef}
        className="hero-video-media"
        aria-label={t('hero.video.label')}
        poster={media('hero-poster.webp')}
        muted={muted}
        loop
        playsInline
        preload="none"
        width={960}
        height={540}
      >
        <source src={media('hero.webm')} type='video/webm; codecs="vp9, opus"' />
        <source src={media('hero.mp4')} type="video/mp4" />
      </video>
      <div className="hero-video-controls" role="group" aria-label={t('hero.video.controls')}>
        <button
          type="button"
          className="hero-video-button"
          aria-pressed={paused}
          aria-label={t('hero.video.pause')}
          onClick={() => setUserPaused(!paused)}
        >
          {paused ? <PlayIcon /> : <PauseIcon />}
        </button>
        <button
          type="button"
          className="hero-video-button"
          aria-pressed={muted}
          aria-label={t('hero.video.mute')}
          onClick={() => setMuted(!muted)}
        >
          {muted ? <VolumeOffIcon /> : <VolumeOnIcon />}
        </button>
      </div>
    </div>
  );
}
