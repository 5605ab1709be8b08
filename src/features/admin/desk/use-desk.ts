import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderChange } from '../../../data/port';
import { useDataPort } from '../../../data/react/data-port-context';
import { formatDate } from '../../../domain/datetime';
import { useDisplayLanguage } from '../../../i18n/use-display-language';
import type { DeskEvent, DeskEvents } from './desk-context';
import { readStored, store, useExternal, useStored } from './desk-prefs';
import {
  alertsPermission,
  playChime,
  primeSound,
  requestAlertsPermission,
  showAlert,
} from './desk-alerts';
import type { AlertsPermission } from './desk-alerts';

/** When the admin last looked at the new orders (ISO), on this browser. */
export const LAST_SEEN_KEY = 'afsh.admin.lastSeen';
const SOUND_KEY = 'afsh.admin.sound';
const ALERTS_KEY = 'afsh.admin.alerts';

export interface Desk extends DeskEvents {
  /** The backend has a live desk. */
  available: boolean;
  /** The live connection is up. */
  live: boolean;
  /** Orders placed since the admin last looked. */
  newCount: number;
  markSeen(): void;
  sound: boolean;
  toggleSound(): void;
  /** `on` only with the browser's permission and the admin's choice. */
  alerts: 'on' | 'off' | 'blocked' | 'unsupported';
  toggleAlerts(): Promise<void>;
}

/**
 * The live admin desk (D10): one stream of order and message changes for the whole page, the
 * count of orders placed since the admin last looked (kept on this browser), and a chime and a
 * browser notification for each new order once the admin has turned them on.
 */
export function useDesk(): Desk {
  const port = useDataPort();
  const desk = port.desk;
  const { t } = useTranslation(['admin', 'pricing']);
  const language = useDisplayLanguage();
  const [live, setLive] = useState(false);
  const [newCount, setNewCount] = useState(0);
  const sound = useStored(SOUND_KEY) === 'on';
  const alertsChosen = useStored(ALERTS_KEY) === 'on';
  const permission = useExternal<AlertsPermission>(alertsPermission, 'unsupported');
  const lastSeen = useRef<string | null>(null);
  const listeners = useRef(new Set<(event: DeskEvent) => void>());
  const wasLive = useRef(false);
  const announce = useRef<(change: OrderChange) => void>(() => {});

  const refreshCount = useCallback(() => {
    const since = lastSeen.current;
    if (!desk || since === null) return;
    desk.newOrdersSince(since).then(setNewCount, () => {
      // The count waits for the next change; the list itself shows the orders.
    });
  }, [desk]);

  // The first visit starts counting now.
  useEffect(() => {
    let seen = readStored(LAST_SEEN_KEY);
    if (seen === null || Number.isNaN(Date.parse(seen))) {
      seen = new Date().toISOString();
      store(LAST_SEEN_KEY, seen);
    }
    lastSeen.current = seen;
    refreshCount();
  }, [refreshCount]);

  const alerts: Desk['alerts'] =
    permission === 'unsupported'
      ? 'unsupported'
      : permission === 'denied'
        ? 'blocked'
        : permission === 'granted' && alertsChosen
          ? 'on'
          : 'off';

  useEffect(() => {
    announce.current = (change) => {
      if (sound) playChime();
      if (alerts === 'on') {
        const moveType = change.moveType ? t(`pricing:moveTypes.${change.moveType}.label`) : '';
        const date = change.moveDate ? formatDate(change.moveDate, language) : '';
        showAlert({
          title: t('admin:desk.alert.title', { number: change.orderNumber }),
          body: [moveType, date].filter(Boolean).join(' · '),
          tag: change.orderNumber,
          lang: language,
          dir: language === 'ar' ? 'rtl' : 'ltr',
        });
      }
    };
  });

  useEffect(() => {
    if (!desk) return;
    return desk.watch(
      (change) => {
        for (const listener of [...listeners.current]) listener(change);
        if (change.type !== 'order') return;
        if (change.change.kind !== 'changed') refreshCount();
        if (change.change.kind === 'created') announce.current(change.change);
      },
      (up) => {
        setLive(up);
        if (up && wasLive.current) {
          for (const listener of [...listeners.current]) listener({ type: 'reconnected' });
          refreshCount();
        }
        if (up) wasLive.current = true;
      },
    );
  }, [desk, refreshCount]);

  const markSeen = useCallback(() => {
    const now = new Date().toISOString();
    lastSeen.current = now;
    store(LAST_SEEN_KEY, now);
    setNewCount(0);
  }, []);

  const toggleSound = useCallback(() => {
    const next = !sound;
    if (next) {
      // This click is what lets the page play sound; the chime says it works.
      primeSound();
      playChime();
    }
    store(SOUND_KEY, next ? 'on' : 'off');
  }, [sound]);

  const toggleAlerts = useCallback(async () => {
    if (alerts === 'on') {
      store(ALERTS_KEY, 'off');
      return;
    }
    const granted = permission === 'granted' ? permission : await requestAlertsPermission();
    store(ALERTS_KEY, granted === 'granted' ? 'on' : 'off');
  }, [alerts, permission]);

  const subscribe = useCallback((listener: (event: DeskEvent) => void) => {
    listeners.current.add(listener);
    return () => {
      listeners.current.delete(listener);
    };
  }, []);

  return useMemo(
    () => ({
      available: desk !== undefined,
      live,
      newCount,
      markSeen,
      sound,
      toggleSound,
      alerts,
      toggleAlerts,
      subscribe,
    }),
    [desk, live, newCount, markSeen, sound, toggleSound, alerts, toggleAlerts, subscribe],
  );
}
