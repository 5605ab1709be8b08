// The admin desk's two ways of getting attention (D10): a short chime and a browser notification.
// Both need the admin's say-so: browsers play sound only after a click on the page, and show
// notifications only after the admin allowed them.

type AudioContextClass = typeof AudioContext;

let audio: AudioContext | null = null;

function audioContextClass(): AudioContextClass | undefined {
  const scope = globalThis as {
    AudioContext?: AudioContextClass;
    webkitAudioContext?: AudioContextClass;
  };
  return scope.AudioContext ?? scope.webkitAudioContext;
}

/** Call from a click: the browser then lets this page play sound. */
export function primeSound(): void {
  const Audio = audioContextClass();
  if (!Audio) return;
  audio ??= new Audio();
  void audio.resume().catch(() => {});
}

/** Two short rising tones, quiet. Silently nothing when the browser does not allow sound yet. */
export function playChime(): void {
  const Audio = audioContextClass();
  if (!Audio) return;
  try {
    audio ??= new Audio();
    const context = audio;
    if (context.state === 'suspended') void context.resume().catch(() => {});
    const start = context.currentTime + 0.01;
    [880, 1318.5].forEach((frequency, index) => {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      const at = start + index * 0.14;
      oscillator.type = 'sine';
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.2, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.13);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(at);
      oscillator.stop(at + 0.14);
    });
  } catch {
    // No sound is better than a broken desk.
  }
}

export type AlertsPermission = 'granted' | 'denied' | 'default' | 'unsupported';

export function alertsPermission(): AlertsPermission {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

/** Asks the browser (call from a click). */
export async function requestAlertsPermission(): Promise<AlertsPermission> {
  if (typeof Notification === 'undefined') return 'unsupported';
  try {
    return await Notification.requestPermission();
  } catch {
    return Notification.permission;
  }
}

/** A browser notification; clicking it brings the desk forward. */
export function showAlert(options: {
  title: string;
  body: string;
  tag: string;
  lang: string;
  dir: 'rtl' | 'ltr';
}): void {
  if (alertsPermission() !== 'granted') return;
  try {
    const notification = new Notification(options.title, {
      body: options.body,
      tag: options.tag,
      lang: options.lang,
      dir: options.dir,
    });
    notification.onclick = () => {
      window.focus();
      notification.close();
    };
  } catch {
    // Some browsers allow notifications only from a service worker; the count still shows.
  }
}
